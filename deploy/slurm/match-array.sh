#!/usr/bin/env bash
# A dameo match on a Slurm cluster: the games are split into shards played
# by the tasks of a job array (`dameo match --shard I/N`), each writing its
# PDN file to a shared directory, and a report job that runs when the
# array is done merges them into the summary of the whole match
# (`dameo match report`).
#
# Submit from a login node, with the directory on a file system that the
# compute nodes share:
#
#   deploy/slurm/match-array.sh SHARDS RESULTS_DIR MATCH_ARGS...
#
#   DAMEO=/shared/bin/dameo CPUS_PER_TASK=4 deploy/slurm/match-array.sh 50 /shared/m1 \
#     -engine cmd=/shared/bin/dameo arg=hub name=new option.hash=64 \
#     -engine cmd=/shared/bin/dameo-old arg=hub name=old option.hash=64 \
#     -each tc=10+0.1 -games 2 -rounds 5000 -concurrency 4
#
# It prints the ids of the array and of the report job. The summary is then
# in RESULTS_DIR/summary.txt (and the report job's output, report.out);
# each shard's games in RESULTS_DIR/shard-I.pdn and its output in
# shard-I.out. Without --seed (or -srand) in MATCH_ARGS a seed is chosen
# here, so that every shard plays the same schedule.
#
# Environment: DAMEO (the dameo program, default: dameo on PATH),
# CPUS_PER_TASK (processors per shard, default 1; give the match a
# -concurrency to use them), and sbatch's own SBATCH_* variables (such as
# SBATCH_PARTITION or SBATCH_TIMELIMIT).
#
# Slurm runs this same script as each task ("shard" mode) and as the report
# ("report" mode); those modes are not meant to be called by hand.
set -euo pipefail

dameo=${DAMEO:-dameo}

case "${1:-}" in
shard)
	results=$2
	shift 2
	index=${SLURM_ARRAY_TASK_ID:?shard mode runs as a task of a Slurm job array}
	count=${SLURM_ARRAY_TASK_COUNT:?shard mode runs as a task of a Slurm job array}
	pdn="$results/shard-$index.pdn"
	rm -f "$pdn" # a requeued task plays its share again from the start
	exec "$dameo" match "$@" --shard "$index/$count" --pdn "$pdn" --rating-interval 0
	;;
report)
	results=$2
	"$dameo" match report "$results" >"$results/summary.txt.part"
	mv "$results/summary.txt.part" "$results/summary.txt"
	cat "$results/summary.txt"
	exit
	;;
esac

# shellcheck source=array-lib.sh
. "$(dirname "$0")/array-lib.sh"
array_args match-array.sh 3 "$@"
array_seed
array_submit dameo-match
report=$(sbatch --parsable --job-name=dameo-report --dependency="afterany:$array" \
	--output="$results/report.out" "$script" report "$results")
report=${report%%;*}
echo "array $array report $report"
