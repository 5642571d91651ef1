"""Deploys a synthesized CloudFormation template into moto's CloudFormation (server mode, on a free port
of 127.0.0.1) and prints, as one JSON document, what the resources hold when read back through the
service APIs (into <read-back.json>): the bucket's encryption, versioning and lifecycle rules, the Glue databases, the Athena
workgroup, the IAM roles with their trust and managed policies, and the stack's outputs.

    .venv/bin/python deploy/src/test/python/deploy_on_moto.py <template.json> <read-back.json>

moto's CloudFormation creates the types it models (S3 buckets, KMS keys, IAM roles and policies, SNS
topics, ...) and skips the others. Of what it skips or ignores, this script applies through moto's
service APIs, from the template's own properties: the Glue databases, the Athena workgroup, and the
bucket's versioning and lifecycle rules (moto's bucket model takes only its encryption and tags). The
rest (alarms, metric filters, EKS Pod Identity associations, the bucket policy) is listed under
"not_deployed", and the caller decides what that may hold. Athena: moto's server answers botocore
1.44's Athena requests with 404 (a newer wire protocol), so the workgroup goes into moto's Athena
backend of this process, which keeps its configuration as given: that proves the template's resolved
values (the results location in the stack's bucket, the key), not Athena's validation of them.
"""

import json
import socket
import sys

import boto3
from moto.athena.models import athena_backends
from moto.cloudformation.parsing import get_model_map
from moto.server import ThreadedMotoServer

REGION = "eu-west-1"
APPLIED_BY_API = {"AWS::Glue::Database", "AWS::Athena::WorkGroup"}


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def client(service, endpoint):
    return boto3.client(service, endpoint_url=endpoint, region_name=REGION,
                        aws_access_key_id="moto", aws_secret_access_key="moto")


def replace_refs(node, literals):
    """The template with every Ref to a resource moto does not create replaced by that resource's name."""
    if isinstance(node, dict):
        if set(node) == {"Ref"} and node["Ref"] in literals:
            return literals[node["Ref"]]
        return {key: replace_refs(value, literals) for key, value in node.items()}
    if isinstance(node, list):
        return [replace_refs(item, literals) for item in node]
    return node


def resolve(node, physical, account):
    """Ref (pseudo parameters, deployed resources), Fn::GetAtt Arn and Fn::Join, as CloudFormation would."""
    if isinstance(node, dict):
        if "Ref" in node:
            return {"AWS::AccountId": account, "AWS::Region": REGION, "AWS::Partition": "aws",
                    "AWS::URLSuffix": "amazonaws.com"}.get(node["Ref"], physical.get(node["Ref"], {}).get("id"))
        if "Fn::GetAtt" in node:
            return physical[node["Fn::GetAtt"][0]]["arn"]
        if "Fn::Join" in node:
            separator, parts = node["Fn::Join"]
            return separator.join(str(resolve(part, physical, account)) for part in parts)
        return {key: resolve(value, physical, account) for key, value in node.items()}
    if isinstance(node, list):
        return [resolve(item, physical, account) for item in node]
    return node


def lifecycle_rule(rule):
    """A rule of the template (CloudFormation's shape) in the S3 API's shape."""
    api = {"ID": rule["Id"], "Status": rule["Status"], "Filter": {"Prefix": rule.get("Prefix", "")}}
    if "NoncurrentVersionExpiration" in rule:
        api["NoncurrentVersionExpiration"] = rule["NoncurrentVersionExpiration"]
    if "AbortIncompleteMultipartUpload" in rule:
        api["AbortIncompleteMultipartUpload"] = rule["AbortIncompleteMultipartUpload"]
    if "ExpirationInDays" in rule:
        api["Expiration"] = {"Days": rule["ExpirationInDays"]}
    elif rule.get("ExpiredObjectDeleteMarker"):
        api["Expiration"] = {"ExpiredObjectDeleteMarker": True}
    return api


def main(template_path, out_path):
    template = json.load(open(template_path, encoding="utf-8"))
    # the CDK's bootstrap check reads an SSM parameter of an account where `cdk bootstrap` ran
    template.pop("Rules", None)
    template.pop("Parameters", None)
    modeled = set(get_model_map())
    resources = template["Resources"]
    by_api = {name: r for name, r in resources.items() if r["Type"] in APPLIED_BY_API}
    skipped = sorted({r["Type"] for r in resources.values() if r["Type"] not in modeled and r["Type"] not in APPLIED_BY_API})
    literals = {name: (r["Properties"].get("Name") or r["Properties"]["DatabaseInput"]["Name"]) for name, r in by_api.items()}
    stack_resources = {name: r for name, r in resources.items() if r["Type"] in modeled}
    for resource in stack_resources.values():
        resource.pop("DependsOn", None)
    template["Resources"] = replace_refs(stack_resources, literals)
    template["Outputs"] = replace_refs(template.get("Outputs", {}), literals)

    port = free_port()
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=port, verbose=False)
    server.start()
    try:
        endpoint = f"http://127.0.0.1:{port}"
        cloudformation = client("cloudformation", endpoint)
        cloudformation.create_stack(StackName="Lakehouse", TemplateBody=json.dumps(template),
                                    Capabilities=["CAPABILITY_NAMED_IAM"])
        stack = cloudformation.describe_stacks(StackName="Lakehouse")["Stacks"][0]
        account = stack["StackId"].split(":")[4]
        physical = {}
        for summary in cloudformation.list_stack_resources(StackName="Lakehouse")["StackResourceSummaries"]:
            physical[summary["LogicalResourceId"]] = {"id": summary["PhysicalResourceId"], "type": summary["ResourceType"]}
        iam, s3 = client("iam", endpoint), client("s3", endpoint)
        for name, entry in physical.items():
            if entry["type"] == "AWS::IAM::Role":
                entry["arn"] = iam.get_role(RoleName=entry["id"])["Role"]["Arn"]
            elif entry["type"] == "AWS::KMS::Key":
                # moto 5.2.5 keeps a CloudFormation key's policy as a dict, which its DescribeKey cannot read
                entry["arn"] = f"arn:aws:kms:{REGION}:{account}:key/{entry['id']}"

        for name, resource in by_api.items():
            properties = resolve(resource["Properties"], physical, account)
            if resource["Type"] == "AWS::Glue::Database":
                client("glue", endpoint).create_database(CatalogId=properties["CatalogId"], DatabaseInput=properties["DatabaseInput"])
            else:
                athena_backends[account][REGION].create_work_group(properties["Name"], properties["WorkGroupConfiguration"],
                                                                   properties["Description"], [])
        for name, resource in stack_resources.items():
            if resource["Type"] == "AWS::S3::Bucket":
                bucket = physical[name]["id"]
                properties = resolve(resource["Properties"], physical, account)
                encryption = properties["BucketEncryption"]["ServerSideEncryptionConfiguration"]
                s3.put_bucket_encryption(Bucket=bucket, ServerSideEncryptionConfiguration={"Rules": [
                    {"ApplyServerSideEncryptionByDefault": rule["ServerSideEncryptionByDefault"],
                     "BucketKeyEnabled": rule.get("BucketKeyEnabled", False)} for rule in encryption]})
                s3.put_bucket_versioning(Bucket=bucket, VersioningConfiguration=properties["VersioningConfiguration"])
                s3.put_bucket_lifecycle_configuration(Bucket=bucket, LifecycleConfiguration={
                    "Rules": [lifecycle_rule(rule) for rule in properties["LifecycleConfiguration"]["Rules"]]})

        result = read_back(endpoint, physical, stack)
        result["not_deployed"] = skipped
        with open(out_path, "w", encoding="utf-8") as out:
            json.dump(result, out, default=str, indent=1, sort_keys=True)
    finally:
        server.stop()


def read_back(endpoint, physical, stack):
    iam, s3 = client("iam", endpoint), client("s3", endpoint)
    buckets = {}
    for entry in physical.values():
        if entry["type"] == "AWS::S3::Bucket":
            name = entry["id"]
            buckets[name] = {
                "encryption": s3.get_bucket_encryption(Bucket=name)["ServerSideEncryptionConfiguration"],
                "versioning": s3.get_bucket_versioning(Bucket=name).get("Status"),
                "lifecycle": s3.get_bucket_lifecycle_configuration(Bucket=name)["Rules"],
            }
    roles = {}
    for entry in physical.values():
        if entry["type"] == "AWS::IAM::Role":
            role = iam.get_role(RoleName=entry["id"])["Role"]
            policies = {}
            for attached in iam.list_attached_role_policies(RoleName=entry["id"])["AttachedPolicies"]:
                policy = iam.get_policy(PolicyArn=attached["PolicyArn"])["Policy"]
                version = iam.get_policy_version(PolicyArn=attached["PolicyArn"], VersionId=policy["DefaultVersionId"])
                policies[policy.get("Description") or attached["PolicyName"]] = version["PolicyVersion"]["Document"]
            inline = {name: iam.get_role_policy(RoleName=entry["id"], PolicyName=name)["PolicyDocument"]
                      for name in iam.list_role_policies(RoleName=entry["id"])["PolicyNames"]}
            roles[role["Arn"]] = {"trust": role["AssumeRolePolicyDocument"], "managed": policies, "inline": inline}
    athena = athena_backends[stack["StackId"].split(":")[4]][REGION]
    workgroups = {w["Name"]: athena.get_work_group(w["Name"]) for w in athena.list_work_groups() if w["Name"] != "primary"}
    return {
        "stack_status": stack["StackStatus"],
        "outputs": {o["OutputKey"]: o["OutputValue"] for o in stack.get("Outputs", [])},
        "buckets": buckets,
        "databases": sorted(d["Name"] for d in client("glue", endpoint).get_databases()["DatabaseList"]),
        "workgroups": workgroups,
        "roles": roles,
    }


if __name__ == "__main__":
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    main(sys.argv[1], sys.argv[2])
