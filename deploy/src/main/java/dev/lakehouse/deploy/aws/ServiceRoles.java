package dev.lakehouse.deploy.aws;

import java.util.EnumMap;
import java.util.Map;
import software.amazon.awscdk.services.eks.CfnPodIdentityAssociation;
import software.amazon.awscdk.services.iam.FederatedPrincipal;
import software.amazon.awscdk.services.iam.IPrincipal;
import software.amazon.awscdk.services.iam.ManagedPolicy;
import software.amazon.awscdk.services.iam.Role;
import software.amazon.awscdk.services.iam.ServicePrincipal;
import software.amazon.awscdk.services.iam.SessionTagsPrincipal;
import software.constructs.Construct;

/**
 * One IAM role per {@link ServiceRole}, trusted by exactly its Kubernetes service account: through the
 * cluster's OIDC provider (IRSA: the token's subject must be system:serviceaccount:<namespace>:<name>)
 * or through EKS Pod Identity (an association of the role with that service account). Each role holds
 * its deploy/iam templates as managed policies, and the warehouse key's use its access needs.
 */
public final class ServiceRoles extends Construct {
  private final Map<ServiceRole, Role> roles = new EnumMap<>(ServiceRole.class);

  public ServiceRoles(Construct scope, String id, StackSettings settings, IamTemplates templates, WarehouseStorage storage) {
    super(scope, id);
    for (ServiceRole serviceRole : ServiceRole.values()) {
      if (serviceRole.policyFiles(settings.mskIam()).isEmpty()) {
        continue;  // the Streams app without MSK IAM calls no AWS API
      }
      String name = serviceRole.serviceAccountSuffix();
      Role role = Role.Builder.create(this, name)
          .description("lakehouse " + name + ": service account " + settings.namespace() + "/" + settings.serviceAccount(serviceRole))
          .assumedBy(trust(settings, serviceRole))
          .build();
      for (String file : serviceRole.policyFiles(settings.mskIam())) {
        ManagedPolicy.Builder.create(this, name + "-" + file.replace(".json", ""))
            .description("deploy/iam/" + file)
            .document(templates.document(file))
            .roles(java.util.List.of(role))
            .build();
      }
      switch (serviceRole.warehouse()) {
        case WRITE -> storage.key().grantEncryptDecrypt(role);
        case READ -> storage.key().grantDecrypt(role);
        case NONE -> { }
      }
      if (!settings.irsa()) {
        CfnPodIdentityAssociation.Builder.create(this, name + "-pod-identity")
            .clusterName(settings.podIdentityCluster())
            .namespace(settings.namespace())
            .serviceAccount(settings.serviceAccount(serviceRole))
            .roleArn(role.getRoleArn())
            .build();
      }
      roles.put(serviceRole, role);
    }
  }

  private IPrincipal trust(StackSettings settings, ServiceRole serviceRole) {
    if (!settings.irsa()) {
      // EKS Pod Identity assumes the role with session tags
      return new SessionTagsPrincipal(new ServicePrincipal("pods.eks.amazonaws.com"));
    }
    String issuer = settings.oidcProviderArn().substring(settings.oidcProviderArn().indexOf("oidc-provider/") + "oidc-provider/".length());
    Map<String, String> conditions = Map.of(
        issuer + ":sub", "system:serviceaccount:" + settings.namespace() + ":" + settings.serviceAccount(serviceRole),
        issuer + ":aud", "sts.amazonaws.com");
    return new FederatedPrincipal(settings.oidcProviderArn(), Map.of("StringEquals", conditions), "sts:AssumeRoleWithWebIdentity");
  }

  /** The roles made, by service role (the Streams app's only with MSK IAM). */
  public Map<ServiceRole, Role> roles() {
    return Map.copyOf(roles);
  }
}
