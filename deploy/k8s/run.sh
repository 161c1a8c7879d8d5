#!/usr/bin/env bash
# Runs the sharded match of match-job.yaml on the current kubectl context:
# the shared volume, the Indexed Job of shards, and when it is complete the
# report Job, whose output (the summary of the whole match) is printed.
set -euo pipefail
cd "$(dirname "$0")"
kubectl apply -f results-pvc.yaml
kubectl apply -f match-job.yaml
kubectl wait --for=condition=complete --timeout="${TIMEOUT:-48h}" job/dameo-match
kubectl delete --ignore-not-found job/dameo-report
kubectl apply -f report-job.yaml
kubectl wait --for=condition=complete --timeout=10m job/dameo-report
kubectl logs job/dameo-report
