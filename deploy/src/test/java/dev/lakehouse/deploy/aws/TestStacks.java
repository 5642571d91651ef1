package dev.lakehouse.deploy.aws;

import java.nio.file.Path;
import java.util.List;
import software.amazon.awscdk.App;
import software.amazon.awscdk.Environment;
import software.amazon.awscdk.StackProps;
import software.amazon.awscdk.assertions.Template;

/** Stacks synthesized as `cdk synth` would, with settings a test chooses. */
final class TestStacks {
  static final String ACCOUNT = "123456789012";
  static final String REGION = "eu-west-1";
  static final String OIDC_ISSUER = "oidc.eks.eu-west-1.amazonaws.com/id/EXAMPLED539D4633E53DE1B71EXAMPLE";
  static final String OIDC_PROVIDER = "arn:aws:iam::" + ACCOUNT + ":oidc-provider/" + OIDC_ISSUER;

  private TestStacks() {}

  /** IRSA, MSK IAM and one replay: every resource the stack can make. */
  static StackSettings irsaWithMsk() {
    return new StackSettings(iamDir(), "lakehouse", "lakehouse", OIDC_PROVIDER, "", "", "warehouse", "analytics",
        "analytics", "athena-results", "lakehouse", 10L * 1024 * 1024 * 1024, "lakehouse",
        "1a2b3c4d-5e6f-7a8b-9c0d-1e2f3a4b5c6d-2", "lakehouse-iceberg-sink", "lakehouse-streams", 60, List.of("2"),
        "/aws/containerinsights/lakehouse/application", List.of("pipeline_ledger", "orders_enriched"), "");
  }

  /** EKS Pod Identity and Kafka with SCRAM (no MSK IAM). */
  static StackSettings podIdentityWithScram() {
    return new StackSettings(iamDir(), "data", "lh", "", "lakehouse-eks", "acme-lakehouse", "warehouse", "analytics",
        "analytics", "athena-results", "lakehouse", 10L * 1024 * 1024 * 1024, "", "", "lakehouse-iceberg-sink",
        "lakehouse-streams", 60, List.of(), "/aws/containerinsights/lakehouse/application", List.of("pipeline_ledger"), "");
  }

  static Path iamDir() {
    return Path.of("iam");
  }

  static LakehouseStack stack(StackSettings settings) {
    App app = new App();
    return new LakehouseStack(app, "Lakehouse", StackProps.builder()
        .env(Environment.builder().account(ACCOUNT).region(REGION).build()).build(), settings);
  }

  static Template template(StackSettings settings) {
    return Template.fromStack(stack(settings));
  }
}
