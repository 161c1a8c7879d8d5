#!/usr/bin/env bash
# Training data on a Slurm cluster: the games of one datagen run are split
# into shards played by the tasks of a job array (`dameo datagen --shard
# I/N`: the games whose number is I-1 modulo N), each writing its binary
# data file to a shared directory, and a merge job that runs when every
# task has succeeded concatenates them, in shard order, into the run's
# file (shards merge by plain concatenation; datagen/doc.go).
#
# Submit from a login node, with the directory on a file system that the
# compute nodes share:
#
#   deploy/slurm/datagen-array.sh SHARDS RESULTS_DIR DATAGEN_ARGS...
#
#   DAMEO=/shared/bin/dameo CPUS_PER_TASK=4 deploy/slurm/datagen-array.sh 100 /shared/gen2 \
#     --games 150000 --nodes 2500 --random-plies 6 --seed 2001 --concurrency 4
#
# It prints the ids of the array and of the merge job. The data is then in
# RESULTS_DIR/run.bin (and the merge job's output, merge.out); each shard's
# file in RESULTS_DIR/shard-I.bin and its output in shard-I.out. --games
# is the number of games of the whole run. Without --seed in DATAGEN_ARGS
# a seed is chosen here, so that every shard plays the same run. A task
# that is requeued or resubmitted resumes its shard (--resume: the games
# already in its file are kept, a game cut off is played again).
#
# Environment: DAMEO (the dameo program, default: dameo on PATH),
# CPUS_PER_TASK (processors per shard, default 1; give datagen a
# --concurrency to use them), and sbatch's own SBATCH_* variables (such as
# SBATCH_PARTITION or SBATCH_TIMELIMIT).
#
# Slurm runs this same script as each task ("shard" mode) and as the merge
# ("merge" mode); those modes are not meant to be called by hand.
set -euo pipefail

dameo=${DAMEO:-dameo}

case "${1:-}" in
shard)
	results=$2
	shift 2
	index=${SLURM_ARRAY_TASK_ID:?shard mode runs as a task of a Slurm job array}
	count=${SLURM_ARRAY_TASK_COUNT:?shard mode runs as a task of a Slurm job array}
	exec "$dameo" datagen "$results/shard-$index.bin" "$@" --shard "$index/$count" --resume --interval 60s
	;;
merge)
	results=$2
	count=$3
	files=()
	for i in $(seq 1 "$count"); do
		[ -s "$results/shard-$i.bin" ] || { echo "datagen-array.sh: shard $i has no data file" >&2; exit 1; }
		files+=("$results/shard-$i.bin")
	done
	cat "${files[@]}" >"$results/run.bin.part"
	mv "$results/run.bin.part" "$results/run.bin"
	echo "merged $count shards: $(stat -c %s "$results/run.bin") bytes in $results/run.bin"
	exit
	;;
esac

for a in "$@"; do
	case "$a" in
	--shard | --shard=* | --resume)
		echo "datagen-array.sh: $a is set for each task, do not give it" >&2
		exit 2
		;;
	esac
done
# shellcheck source=array-lib.sh
. "$(dirname "$0")/array-lib.sh"
array_args datagen-array.sh 2 "$@"
array_seed
array_submit dameo-datagen
merge=$(sbatch --parsable --job-name=dameo-merge --dependency="afterok:$array" \
	--output="$results/merge.out" "$script" merge "$results" "$shards")
merge=${merge%%;*}
echo "array $array merge $merge"
