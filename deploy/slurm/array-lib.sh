# Shared by the job-array scripts of this directory (match-array.sh,
# datagen-array.sh, book-array.sh) when they submit, sourced, not run: the
# check of the arguments, the seed that every shard must share, and the
# submission of the array of shards. It uses the calling script's $0 (its
# help is the comment at its top) and sets the variables shards, results,
# args and array.

# array_args NAME MIN "$@": the usage (and exit status 2) when there are
# fewer than MIN arguments or SHARDS is not a positive number; else sets
# shards, results and args (the rest).
array_args() {
	local name=$1 min=$2
	shift 2
	if [ $# -lt "$min" ]; then
		sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'
		exit 2
	fi
	shards=$1
	results=$2
	shift 2
	case "$shards" in
	'' | *[!0-9]* | 0)
		echo "$name: SHARDS must be a positive number, not '$shards'" >&2
		exit 2
		;;
	esac
	args=("$@")
}

# array_seed: adds --seed S to args, S chosen and printed here, unless a
# --seed or -srand is among them.
array_seed() {
	local a seeded=no
	for a in "${args[@]}"; do
		case "$a" in
		--seed | --seed=* | -srand) seeded=yes ;;
		esac
	done
	if [ "$seeded" = no ]; then
		local seed
		seed=$(od -An -N6 -tu8 /dev/urandom | tr -d ' ')
		args+=(--seed "$seed")
		echo "seed $seed"
	fi
}

# array_submit JOB: makes the results directory (results becomes its
# absolute path) and submits the calling script in shard mode as a job
# array of shards tasks named JOB, with args; sets array to its id.
array_submit() {
	mkdir -p "$results"
	results=$(cd "$results" && pwd)
	script=$(cd "$(dirname "$0")" && pwd)/$(basename "$0")
	array=$(sbatch --parsable --job-name="$1" --array="1-$shards" \
		--cpus-per-task="${CPUS_PER_TASK:-1}" --output="$results/shard-%a.out" \
		"$script" shard "$results" "${args[@]}")
	array=${array%%;*}
}
