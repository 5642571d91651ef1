package dev.lakehouse.e2e.aws;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One Glue or S3 request a component made, read from moto's request recording, as IAM authorizes
 * it: the caller's access key (each component runs with its own), and every action on every resource
 * the request needs, with the request's condition keys (s3:prefix of a listing). The mapping follows
 * the AWS service authorization references (Glue: the catalog, the database and the table of the
 * request; S3: ListObjectsV2 and HeadBucket are s3:ListBucket on the bucket, DeleteObjects is
 * s3:DeleteObject on each key, multipart parts are s3:PutObject).
 */
record AwsCall(String accessKeyId, String operation, List<Permission> needs) {
  /** Account and catalog id moto answers with. */
  static final String ACCOUNT = "123456789012";
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Pattern CREDENTIAL = Pattern.compile("Credential=([^/]+)/[^/]+/([^/]+)/([^/]+)/");
  private static final Pattern DELETED_KEY = Pattern.compile("<Key>([^<]*)</Key>");

  record Permission(String action, String resource, Map<String, String> context) {
    @Override
    public String toString() {
      return action + " on " + resource + (context.isEmpty() ? "" : " with " + context);
    }
  }

  static List<AwsCall> fromMotoRecording(Path recording) throws IOException {
    List<AwsCall> calls = new ArrayList<>();
    for (String line : Files.readAllLines(recording)) {
      if (!line.isBlank()) {
        AwsCall call = parse(JSON.readTree(line));
        if (call != null) {
          calls.add(call);
        }
      }
    }
    return calls;
  }

  private static AwsCall parse(JsonNode entry) {
    JsonNode headers = entry.path("headers");
    Matcher credential = CREDENTIAL.matcher(header(headers, "Authorization"));
    if (!credential.find()) {
      return null; // moto's own API (recorder, reset), unsigned
    }
    String accessKey = credential.group(1);
    String region = credential.group(2);
    String service = credential.group(3);
    String body = entry.path("body_encoded").asBoolean()
        ? new String(Base64.getDecoder().decode(entry.path("body").asText("")), StandardCharsets.UTF_8)
        : entry.path("body").asText("");
    return switch (service) {
      case "glue" -> glue(accessKey, region, header(headers, "X-Amz-Target"), body);
      case "s3" -> s3(accessKey, entry.path("method").asText(), URI.create(entry.path("url").asText()), body,
          header(headers, "X-Amz-Copy-Source"));
      default -> new AwsCall(accessKey, service + ":unmapped", List.of(new Permission(service + ":*", "*", Map.of())));
    };
  }

  private static AwsCall glue(String accessKey, String region, String target, String body) {
    String operation = target.substring(target.indexOf('.') + 1);
    JsonNode request;
    try {
      request = JSON.readTree(body.isEmpty() ? "{}" : body);
    } catch (IOException e) {
      throw new IllegalStateException("Cannot read the Glue request body of " + operation + ": " + body, e);
    }
    String arn = "arn:aws:glue:" + region + ":" + ACCOUNT + ":";
    List<String> resources = new ArrayList<>(List.of(arn + "catalog"));
    String database = request.has("DatabaseName") ? request.path("DatabaseName").asText()
        : request.has("DatabaseInput") ? request.path("DatabaseInput").path("Name").asText()
        : operation.endsWith("Database") ? request.path("Name").asText() : null;
    if (database != null) {
      resources.add(arn + "database/" + database);
      String table = request.has("TableInput") ? request.path("TableInput").path("Name").asText()
          : request.has("TableName") ? request.path("TableName").asText()
          : operation.equals("GetTables") ? "*"
          : operation.contains("Table") && request.has("Name") ? request.path("Name").asText() : null;
      if (table != null) {
        resources.add(arn + "table/" + database + "/" + table);
      }
    }
    return new AwsCall(accessKey, "glue:" + operation,
        resources.stream().map(r -> new Permission("glue:" + operation, r, Map.of())).toList());
  }

  private static AwsCall s3(String accessKey, String method, URI url, String body, String copySource) {
    String path = url.getRawPath().substring(1);
    int slash = path.indexOf('/');
    String bucket = slash < 0 ? path : path.substring(0, slash);
    String key = slash < 0 ? "" : decode(path.substring(slash + 1));
    Map<String, String> query = query(url.getRawQuery());
    String bucketArn = "arn:aws:s3:::" + bucket;
    String objectArn = bucketArn + "/" + key;
    List<Permission> needs = new ArrayList<>();
    String operation;
    if (key.isEmpty()) {
      if (method.equals("POST") && query.containsKey("delete")) {
        operation = "DeleteObjects";
        Matcher deleted = DELETED_KEY.matcher(body);
        while (deleted.find()) {
          needs.add(new Permission("s3:DeleteObject", bucketArn + "/" + deleted.group(1), Map.of()));
        }
      } else if (query.containsKey("location")) {
        operation = "GetBucketLocation";
        needs.add(new Permission("s3:GetBucketLocation", bucketArn, Map.of()));
      } else if (query.containsKey("uploads")) {
        operation = "ListMultipartUploads";
        needs.add(new Permission("s3:ListBucketMultipartUploads", bucketArn, Map.of()));
      } else if (method.equals("GET") || method.equals("HEAD")) {
        operation = method.equals("GET") ? "ListObjects" : "HeadBucket";
        Map<String, String> context = query.containsKey("prefix") ? Map.of("s3:prefix", query.get("prefix")) : Map.of();
        needs.add(new Permission("s3:ListBucket", bucketArn, context));
      } else {
        operation = method + " bucket";
        needs.add(new Permission("s3:" + (method.equals("PUT") ? "CreateBucket" : "DeleteBucket"), bucketArn, Map.of()));
      }
    } else if (method.equals("GET") && query.containsKey("uploadId")) {
      operation = "ListParts";
      needs.add(new Permission("s3:ListMultipartUploadParts", objectArn, Map.of()));
    } else if (method.equals("GET") || method.equals("HEAD")) {
      operation = method.equals("GET") ? "GetObject" : "HeadObject";
      needs.add(new Permission("s3:GetObject", objectArn, Map.of()));
    } else if (method.equals("DELETE")) {
      operation = query.containsKey("uploadId") ? "AbortMultipartUpload" : "DeleteObject";
      needs.add(new Permission("s3:" + operation, objectArn, Map.of()));
    } else {
      operation = query.containsKey("uploads") ? "CreateMultipartUpload"
          : query.containsKey("uploadId") ? (method.equals("POST") ? "CompleteMultipartUpload" : "UploadPart") : "PutObject";
      needs.add(new Permission("s3:PutObject", objectArn, Map.of()));
      if (!copySource.isEmpty()) {
        needs.add(new Permission("s3:GetObject", "arn:aws:s3:::" + decode(copySource.replaceFirst("^/", "")), Map.of()));
      }
    }
    return new AwsCall(accessKey, "s3:" + operation, needs);
  }

  private static String header(JsonNode headers, String name) {
    var fields = headers.fields();
    while (fields.hasNext()) {
      var field = fields.next();
      if (field.getKey().equalsIgnoreCase(name)) {
        return field.getValue().asText("");
      }
    }
    return "";
  }

  private static Map<String, String> query(String rawQuery) {
    Map<String, String> query = new LinkedHashMap<>();
    if (rawQuery != null) {
      for (String pair : rawQuery.split("&")) {
        int eq = pair.indexOf('=');
        query.put(decode(eq < 0 ? pair : pair.substring(0, eq)), eq < 0 ? "" : decode(pair.substring(eq + 1)));
      }
    }
    return query;
  }

  private static String decode(String value) {
    return URLDecoder.decode(value.replace("+", "%2B"), StandardCharsets.UTF_8);
  }
}
