#!/usr/bin/env bash
# Creates the missing topics and checks the existing ones (the lakehouse chart's topics Job).
# Reads "<topic> <partitions> <cleanup.policy> <config,...>" lines from $TOPICS_FILE; runs
# $KAFKA_BIN/kafka-topics.sh against $BOOTSTRAP_SERVERS with $CLIENT_CONFIG. With CREATE=false it
# only checks. Exits 1 naming every topic whose partitions or cleanup policy differ from the file,
# and when orders and payments differ from each other (the Streams app would refuse to start).
set -euo pipefail

topics=("$KAFKA_BIN/kafka-topics.sh" --bootstrap-server "$BOOTSTRAP_SERVERS" --command-config "$CLIENT_CONFIG")
problems=0
declare -A partitions_of

while read -r topic partitions policy configs; do
  [[ -z "$topic" || "$topic" == \#* ]] && continue
  if ! description="$("${topics[@]}" --describe --topic "$topic" 2> /dev/null | head -1)" || [[ -z "$description" ]]; then
    if [[ "$CREATE" != true ]]; then
      echo "Cannot use topic $topic: it does not exist and topics.create is false; create it with $partitions partitions" >&2
      problems=$((problems + 1))
      continue
    fi
    config_args=()
    IFS=, read -ra pairs <<< "$configs"
    for pair in "${pairs[@]}"; do [[ -n "$pair" ]] && config_args+=(--config "$pair"); done
    "${topics[@]}" --create --if-not-exists --topic "$topic" --partitions "$partitions" \
      --replication-factor "$REPLICATION_FACTOR" "${config_args[@]}"
    echo "created $topic: $partitions partitions, cleanup.policy=$policy"
    partitions_of[$topic]=$partitions
    continue
  fi
  actual="$(sed -n 's/.*PartitionCount: *\([0-9]*\).*/\1/p' <<< "$description")"
  # Configs: a=b,cleanup.policy=compact,delete,c=d: the policy's own list ends where the next key= starts
  actual_policy="$(sed -n 's/.*Configs: *//p' <<< "$description" | tr ',' '\n' \
    | awk -F= '/^cleanup\.policy=/ { policy = $2; inside = 1; next } inside && !/=/ { policy = policy "," $0; next } { inside = 0 } END { print policy }')"
  actual_policy="${actual_policy:-delete}"
  partitions_of[$topic]=$actual
  if [[ "$actual" != "$partitions" ]]; then
    echo "Cannot use topic $topic: it has $actual partitions, the chart's values say $partitions. Set the value to $actual, \
or add partitions on purpose (kafka-topics.sh --alter; it re-keys the Streams app's state: docs/operations.md, section 2)" >&2
    problems=$((problems + 1))
  elif [[ "$actual_policy" != "$policy" ]]; then
    echo "Cannot use topic $topic: its cleanup.policy is $actual_policy, the chart's values say $policy" >&2
    problems=$((problems + 1))
  else
    echo "checked $topic: $actual partitions, cleanup.policy=$actual_policy"
  fi
done < "$TOPICS_FILE"

if [[ -n "${partitions_of[orders]:-}" && -n "${partitions_of[payments]:-}" && "${partitions_of[orders]}" != "${partitions_of[payments]}" ]]; then
  echo "Cannot run the Streams app on these topics: orders has ${partitions_of[orders]} partitions and payments \
${partitions_of[payments]}; they must have the same count (an order and its payments are matched in the task of their partition)" >&2
  problems=$((problems + 1))
fi
if [[ $problems -gt 0 ]]; then
  echo "$problems topic problem(s), named above" >&2
  exit 1
fi
