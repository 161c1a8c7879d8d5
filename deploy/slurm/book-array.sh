#!/usr/bin/env bash
# An opening book by search on a Slurm cluster. A drop-out build goes in
# rounds (docs/book.md); each round is a job array whose tasks search the
# shares of the round's leaves (`dameo book build --from-search --shard
# I/N`, given the shard files of the rounds before), each writing its shard
# file to a shared directory; round r+1 starts when every task of round r
# has succeeded, and a merge job after the last round makes the book
# (`dameo book merge`) and checks it (`dameo book verify`). The book is the
# one `dameo book build --from-search` with the same settings makes in one
# process.
#
# Submit from a login node, with the directory on a file system that the
# compute nodes share:
#
#   deploy/slurm/book-array.sh SHARDS RESULTS_DIR BUILD_ARGS...
#
#   DAMEO=/shared/bin/dameo CPUS_PER_TASK=4 deploy/slurm/book-array.sh 40 /shared/book10 \
#     --positions 3000 --depth 10 --growth 25 --hash 64
#
# It prints the ids of the rounds' arrays and of the merge job. The book is
# then in RESULTS_DIR/book.bin (and the merge job's output, merge.out);
# round r's shard files in RESULTS_DIR/round-r/shard-I.shard and their
# outputs in shard-I.out. BUILD_ARGS are the settings of `dameo book build
# --from-search` (--positions, --depth, --ply-cost, --growth, --hash,
# --concurrency); without --concurrency each task runs CPUS_PER_TASK
# searches. The
# number of rounds follows from --positions and --growth (two more are
# submitted, which find the book complete when nothing is left). A task that
# is requeued, or the whole script run again on the same directory, resumes
# the shard files already there (--resume).
#
# Environment: DAMEO (the dameo program, default: dameo on PATH),
# CPUS_PER_TASK (processors per shard, default 1), and sbatch's own
# SBATCH_* variables (such as SBATCH_PARTITION or SBATCH_TIMELIMIT).
#
# Slurm runs this same script as each task ("shard" mode) and as the merge
# ("merge" mode); those modes are not meant to be called by hand.
set -euo pipefail

dameo=${DAMEO:-dameo}

case "${1:-}" in
shard)
	results=$2
	round=$3
	shift 3
	index=${SLURM_ARRAY_TASK_ID:?shard mode runs as a task of a Slurm job array}
	count=${SLURM_ARRAY_TASK_COUNT:?shard mode runs as a task of a Slurm job array}
	earlier=()
	for r in $(seq 1 $((round - 1))); do
		for i in $(seq 1 "$count"); do
			earlier+=("$results/round-$r/shard-$i.shard")
		done
	done
	exec "$dameo" book build --from-search "$@" --shard "$index/$count" --resume \
		-o "$results/round-$round/shard-$index.shard" "${earlier[@]}"
	;;
merge)
	results=$2
	files=("$results"/round-*/shard-*.shard)
	"$dameo" book merge -o "$results/book.bin" "${files[@]}"
	"$dameo" book verify "$results/book.bin"
	exit
	;;
esac

# shellcheck source=array-lib.sh
. "$(dirname "$0")/array-lib.sh"
array_args book-array.sh 2 "$@"
set -- "${args[@]}"
positions=3000 # the defaults of dameo book build
growth=2
workers=no
while [ $# -gt 0 ]; do
	case "$1" in
	--positions) positions=${2:-} && shift ;;
	--positions=*) positions=${1#*=} ;;
	--growth) growth=${2:-} && shift ;;
	--growth=*) growth=${1#*=} ;;
	--workers | --workers=* | --concurrency | --concurrency=*) workers=yes ;;
	--shard | --shard=* | -o | --output | --output=* | --resume)
		echo "book-array.sh: $1 is set by the script, not in BUILD_ARGS" >&2
		exit 2
		;;
	esac
	shift
done
case "$positions$growth" in
'' | *[!0-9]*)
	echo "book-array.sh: --positions and --growth must be numbers, not '$positions' and '$growth'" >&2
	exit 2
	;;
esac
if [ "$workers" = no ]; then
	args+=(--concurrency "${CPUS_PER_TASK:-1}")
fi
# The rounds of the build: round 1 expands the start position, each later
# round growth percent of the book (at least one position), up to
# --positions; as dameo book build does.
rounds=0
n=0
while [ "$n" -lt "$positions" ]; do
	k=$((n * growth / 100))
	[ "$k" -ge 1 ] || k=1
	n=$((n + k))
	rounds=$((rounds + 1))
done
rounds=$((rounds + 2))
mkdir -p "$results"
results=$(cd "$results" && pwd)
script=$(cd "$(dirname "$0")" && pwd)/$(basename "$0")
dependency=()
ids=()
for r in $(seq 1 "$rounds"); do
	mkdir -p "$results/round-$r"
	id=$(sbatch --parsable --job-name="dameo-book-r$r" --array="1-$shards" "${dependency[@]}" \
		--cpus-per-task="${CPUS_PER_TASK:-1}" --output="$results/round-$r/shard-%a.out" \
		"$script" shard "$results" "$r" "${args[@]}")
	id=${id%%;*}
	ids+=("$id")
	dependency=(--dependency="afterok:$id")
done
merge=$(sbatch --parsable --job-name=dameo-book-merge "${dependency[@]}" \
	--output="$results/merge.out" "$script" merge "$results")
merge=${merge%%;*}
echo "rounds $rounds arrays ${ids[*]} merge $merge"
