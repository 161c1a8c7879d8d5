#!/usr/bin/env bash
# The endgame tables of up to N pieces on a Slurm cluster: one job per unit
# of generation (a table and its colour swap, `dameo egtb build --table
# SIG`), each depending on the jobs of the tables its captures and
# promotions lead into (`dameo egtb plan`), so that Slurm runs every unit as
# soon as the tables it needs are written, many at once. A last job checks
# the whole set (`dameo egtb verify`).
#
# Submit from a login node, with the directory on a file system that the
# compute nodes share:
#
#   deploy/slurm/egtb-build.sh PIECES TABLES_DIR
#
#   DAMEO=/shared/bin/dameo CPUS_PER_TASK=8 deploy/slurm/egtb-build.sh 6 /shared/egtb
#
# It prints one line per job ("unit SIG job ID") and the verify job's id.
# Each unit's output is in TABLES_DIR/logs/SIG.out. A job that fails (or is
# cancelled) leaves the units depending on it pending, never running:
# cancel those and run the script again; every unit is submitted again, and
# those whose tables are in the directory are checked and skipped at once
# (--resume).
#
# Environment: DAMEO (the dameo program, default: dameo on PATH),
# CPUS_PER_TASK (threads of each unit, default 1), REQUEST_MEMORY (yes, the
# default, asks each job for the memory `dameo egtb plan` estimates plus
# 1 GiB; no asks for none, for clusters that do not schedule memory),
# SLICED (no, the default; yes solves the units with men slice by slice,
# `dameo egtb build --sliced`: the same tables in less memory, the way to
# the 6-piece units of more than 2^32 slots, with the memory estimates of
# `dameo egtb plan --sliced`, and a pre-empted unit goes on from its last
# checkpoint when its job runs again), and sbatch's own SBATCH_* variables
# (such as SBATCH_PARTITION).
#
# Slurm runs this same script as each job ("unit" and "verify" modes);
# those modes are not meant to be called by hand.
set -euo pipefail

dameo=${DAMEO:-dameo}
cpus=${CPUS_PER_TASK:-1}
sliced=()
case "${SLICED:-no}" in
yes) sliced=(--sliced) ;;
no) ;;
*)
	echo "egtb-build.sh: SLICED must be yes or no, not '$SLICED'" >&2
	exit 2
	;;
esac

case "${1:-}" in
unit)
	exec "$dameo" egtb build --pieces "$2" --egtb "$3" --table "$4" --resume \
		--threads "$cpus" --memory "$5" "${sliced[@]}"
	;;
verify)
	exec "$dameo" egtb verify --egtb "$2" --threads "$cpus"
	;;
esac

if [ $# -ne 2 ]; then
	sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'
	exit 2
fi
pieces=$1
dir=$2
case "$pieces" in
'' | *[!0-9]*)
	echo "egtb-build.sh: PIECES must be a number, not '$pieces'" >&2
	exit 2
	;;
esac
plan=$("$dameo" egtb plan --bytes --pieces "$pieces" "${sliced[@]}" --threads "$cpus")
mkdir -p "$dir/logs"
dir=$(cd "$dir" && pwd)
script=$(cd "$(dirname "$0")" && pwd)/$(basename "$0")

# job[SIG] is the job of the unit that writes table SIG.
declare -A job
all=()
while read -r _ _ sigs _ _ _ memory _ _ _ needs; do
	deps=()
	if [ "$needs" != - ]; then
		IFS=, read -ra need <<<"$needs"
		for s in "${need[@]}"; do
			deps+=("${job[$s]:?table $s is needed before it is planned}")
		done
	fi
	first=${sigs%%,*}
	gib=$(((memory + (1 << 30) - 1) / (1 << 30) + 1))
	opts=(--parsable --job-name="egtb-$first" --cpus-per-task="$cpus" --output="$dir/logs/$first.out")
	if [ "${REQUEST_MEMORY:-yes}" = yes ]; then
		opts+=(--mem="${gib}G")
	fi
	if [ ${#deps[@]} -gt 0 ]; then
		opts+=(--dependency="afterok:$(IFS=:; echo "${deps[*]}")" --kill-on-invalid-dep=no)
	fi
	id=$(sbatch "${opts[@]}" "$script" unit "$pieces" "$dir" "$first" "$gib")
	id=${id%%;*}
	IFS=, read -ra unit <<<"$sigs"
	for s in "${unit[@]}"; do
		job[$s]=$id
	done
	all+=("$id")
	echo "unit $sigs job $id"
done <<<"$plan"
verify=$(sbatch --parsable --job-name=egtb-verify --cpus-per-task="$cpus" --output="$dir/logs/verify.out" \
	--dependency="afterok:$(IFS=:; echo "${all[*]}")" "$script" verify "$dir")
echo "verify job ${verify%%;*}"
