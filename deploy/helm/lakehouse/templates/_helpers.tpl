{{/* The image of a lakehouse component: <registry>lakehouse/<name>:<tag>. */}}
{{- define "lakehouse.image" -}}
{{ .root.Values.images.registry }}lakehouse/{{ .name }}:{{ .root.Values.images.tag }}
{{- end }}

{{/* Labels of every object; a component adds app.kubernetes.io/component. */}}
{{- define "lakehouse.labels" -}}
app.kubernetes.io/name: lakehouse
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/version: {{ .root.Values.images.tag | quote }}
app.kubernetes.io/managed-by: {{ .root.Release.Service }}
helm.sh/chart: {{ .root.Chart.Name }}-{{ .root.Chart.Version }}
app.kubernetes.io/component: {{ .component }}
{{- end }}

{{/* The labels that select a component's pods. */}}
{{- define "lakehouse.selector" -}}
app.kubernetes.io/name: lakehouse
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .component }}
{{- end }}

{{/* The service account of a role (values serviceAccounts.roleArns key): <prefix>-<role in kebab case>. */}}
{{- define "lakehouse.serviceAccount" -}}
{{ .root.Values.serviceAccounts.prefix }}-{{ .role | kebabcase }}
{{- end }}

{{/* Pod security: a non-root user, no privilege escalation, the runtime's seccomp profile. */}}
{{- define "lakehouse.podSecurity" -}}
automountServiceAccountToken: false
securityContext:
  runAsNonRoot: true
  runAsUser: 1000
  runAsGroup: 1000
  fsGroup: 1000
  seccompProfile:
    type: RuntimeDefault
{{- with .Values.images.pullSecrets }}
imagePullSecrets:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- end }}

{{/* Container security: read-only root file system, every capability dropped. */}}
{{- define "lakehouse.containerSecurity" -}}
securityContext:
  allowPrivilegeEscalation: false
  readOnlyRootFilesystem: true
  privileged: false
  capabilities:
    drop: [ALL]
{{- end }}

{{/* Memory of a JVM container: heap + headroom (+ RocksDB for the Streams app), in MiB. */}}
{{- define "lakehouse.memoryLimitMiB" -}}
{{ add .heapMiB (.rocksdbMiB | default 0) .headroomMiB }}
{{- end }}

{{/* The JVM's heap, set explicitly from the budget (never a share of the container). */}}
{{- define "lakehouse.javaToolOptions" -}}
- name: JAVA_TOOL_OPTIONS
  value: "-Xms{{ .heapMiB }}m -Xmx{{ .heapMiB }}m -XX:+ExitOnOutOfMemoryError"
{{- end }}

{{/* Fails the render, naming the value, when a required value is empty. */}}
{{- define "lakehouse.required" -}}
{{- if not .value }}{{ fail (printf "Cannot render the lakehouse chart: %s is required (%s)" .key .hint) }}{{ end }}
{{- end }}

{{/*
Kafka client authentication as environment variables <prefix><KEY> (the Streams app's
LAKEHOUSE_STREAMS_KAFKA_*): msk-iam needs no secret; scram reads the JAAS config from a mounted
secrets file through Kafka's file config provider, so no secret is in the environment.
*/}}
{{- define "lakehouse.kafkaAuthEnv" -}}
{{- $auth := .root.Values.kafka.auth }}
- name: {{ .prefix }}SECURITY_PROTOCOL
  value: SASL_SSL
{{- if eq $auth "msk-iam" }}
- name: {{ .prefix }}SASL_MECHANISM
  value: AWS_MSK_IAM
- name: {{ .prefix }}SASL_JAAS_CONFIG
  value: "software.amazon.msk.auth.iam.IAMLoginModule required;"
- name: {{ .prefix }}SASL_CLIENT_CALLBACK_HANDLER_CLASS
  value: software.amazon.msk.auth.iam.IAMClientCallbackHandler
{{- else if eq $auth "scram" }}
- name: {{ .prefix }}SASL_MECHANISM
  value: SCRAM-SHA-512
- name: {{ .prefix }}CONFIG_PROVIDERS
  value: file
- name: {{ .prefix }}CONFIG_PROVIDERS_FILE_CLASS
  value: org.apache.kafka.common.config.provider.FileConfigProvider
- name: {{ .prefix }}SASL_JAAS_CONFIG
  value: "${file:{{ .secretsFile }}:sasl.jaas.config}"
{{- else }}
{{- fail (printf "Cannot render the lakehouse chart: kafka.auth is %q; use msk-iam or scram" $auth) }}
{{- end }}
{{- end }}

{{/* The same authentication as client properties (the Connect worker, connect-config --kafka-property). */}}
{{- define "lakehouse.kafkaAuthProperties" -}}
{{- if eq .Values.kafka.auth "msk-iam" -}}
security.protocol=SASL_SSL
sasl.mechanism=AWS_MSK_IAM
sasl.jaas.config=software.amazon.msk.auth.iam.IAMLoginModule required;
sasl.client.callback.handler.class=software.amazon.msk.auth.iam.IAMClientCallbackHandler
{{- else -}}
security.protocol=SASL_SSL
sasl.mechanism=SCRAM-SHA-512
sasl.jaas.config=${file:/etc/lakehouse/connect-secrets.properties:sasl.jaas.config}
{{- end }}
{{- end }}
