package dev.lakehouse.deploy.aws;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import software.amazon.awscdk.services.iam.PolicyDocument;

/**
 * The policy templates of {@code deploy/iam}, read at synth time (the one source of IAM: nothing is
 * copied into this code), with their {@code {{placeholder}}}s filled the way {@code deploy/render-iam.sh}
 * fills them, here with values that may be CloudFormation tokens (the account, the generated bucket name).
 */
public final class IamTemplates {
  private static final Pattern PLACEHOLDER = Pattern.compile("\\{\\{([a-z_]+)}}");
  private static final ObjectMapper JSON = new ObjectMapper();

  private final Path dir;
  private final Map<String, String> values;

  public IamTemplates(Path dir, Map<String, String> values) {
    if (!Files.isRegularFile(dir.resolve("connect-worker.json"))) {
      throw new IllegalArgumentException("Cannot read the IAM policy templates: " + dir.toAbsolutePath()
          + " has no connect-worker.json; set the context value iamDir to the repository's deploy/iam");
    }
    this.dir = dir;
    this.values = Map.copyOf(values);
  }

  /** The template {@code file} with every placeholder filled; fails naming any placeholder without a value. */
  public PolicyDocument document(String file) {
    String template = read(file);
    Matcher matcher = PLACEHOLDER.matcher(template);
    StringBuilder rendered = new StringBuilder();
    TreeSet<String> missing = new TreeSet<>();
    while (matcher.find()) {
      String value = values.get(matcher.group(1));
      if (value == null) {
        missing.add(matcher.group(1));
        value = "";
      }
      matcher.appendReplacement(rendered, Matcher.quoteReplacement(value));
    }
    matcher.appendTail(rendered);
    if (!missing.isEmpty()) {
      throw new IllegalArgumentException("Cannot render the IAM policy template " + file + ": no value for " + missing);
    }
    try {
      return PolicyDocument.fromJson(JSON.readValue(rendered.toString(), new TypeReference<Map<String, Object>>() {}));
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot parse the rendered IAM policy " + file + ": " + e.getMessage(), e);
    }
  }

  private String read(String file) {
    try {
      return Files.readString(dir.resolve(file));
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read the IAM policy template " + dir.resolve(file) + ": " + e.getMessage(), e);
    }
  }
}
