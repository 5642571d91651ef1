package dev.lakehouse.deploy.aws;

import software.amazon.awscdk.App;
import software.amazon.awscdk.Environment;
import software.amazon.awscdk.StackProps;

/** The CDK app: {@code cdk synth} / {@code cdk deploy} in deploy/ run it (cdk.json); settings from the context. */
public final class LakehouseApp {
  private LakehouseApp() {}

  public static void main(String[] args) {
    App app = new App();
    StackSettings settings = StackSettings.fromContext(app.getNode()::tryGetContext);
    Object stackName = app.getNode().tryGetContext("stackName");
    new LakehouseStack(app, stackName == null ? "Lakehouse" : stackName.toString(), StackProps.builder()
        .env(Environment.builder().account(System.getenv("CDK_DEFAULT_ACCOUNT")).region(System.getenv("CDK_DEFAULT_REGION")).build())
        .description("lakehouse: warehouse bucket, Glue databases, Athena workgroup, workload roles, alarms")
        .build(), settings);
    app.synth();
  }
}
