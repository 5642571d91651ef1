package dev.lakehouse.e2e.aws;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakehouse.e2e.harness.ProjectVenv;
import dev.lakehouse.testkit.RepoDir;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The rendered policies pass parliament, a real IAM linter that knows every AWS action, the resource
 * each action takes and the condition keys it supports (deploy/lint-iam.py). It caught statements that
 * can never match, such as s3:GetBucketLocation under an s3:prefix condition. In CI (CI=true) a venv
 * without parliament fails this test; on a developer's machine it skips, saying how to install it.
 */
class IamPolicyLintTest {
  private static final Path LINT = RepoDir.get().resolve("deploy/lint-iam.py");
  private static final Path RENDER = RepoDir.get().resolve("deploy/render-iam.sh");

  @BeforeAll
  static void requireParliament() throws Exception {
    ProjectVenv.requireModules("parliament");
  }

  @Test
  void everyRenderedPolicyPassesTheLinter(@TempDir Path out) throws Exception {
    List<String> render = new ArrayList<>(List.of("bash", RENDER.toString(), out.toString()));
    IamPolicyDocumentsTest.SAMPLE_VALUES.forEach((name, value) -> render.add(name + "=" + value));
    assertThat(run(render).exitCode()).isZero();

    ProjectVenv.Result lint = ProjectVenv.run(120, LINT.toString(), out.toString());

    assertThat(lint.exitCode()).as(lint.output()).isZero();
    assertThat(lint.output()).contains(IamPolicyDocumentsTest.policyFiles().count() + " policies, 0 findings");
  }

  @Test
  void theLinterFailsAStatementThatCanNeverMatchOneOfItsActions(@TempDir Path dir) throws Exception {
    Path policy = Files.writeString(dir.resolve("bucket-location-under-prefix.json"), """
        {"Version": "2012-10-17", "Statement": [{"Sid": "List", "Effect": "Allow",
          "Action": ["s3:ListBucket", "s3:GetBucketLocation"], "Resource": "arn:aws:s3:::acme-lakehouse",
          "Condition": {"StringLike": {"s3:prefix": ["warehouse/*"]}}}]}
        """);

    ProjectVenv.Result lint = ProjectVenv.run(120, LINT.toString(), policy.toString());

    assertThat(lint.exitCode()).isEqualTo(1);
    assertThat(lint.output()).contains("UNKNOWN_CONDITION_FOR_ACTION")
        .contains("Unknown condition s3:prefix for action s3:GetBucketLocation");
  }

  private static ProjectVenv.Result run(List<String> command) throws Exception {
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    assertThat(process.waitFor(30, TimeUnit.SECONDS)).as("%s finished", command).isTrue();
    return new ProjectVenv.Result(process.exitValue(), new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
  }
}
