#!/usr/bin/env bash
# Calibrating the strength levels (docs/levels.md): each level plays its
# neighbour and the level two steps up, 200 games a pair, with dameo match;
# `dameo match report --ladder` then fits one Elo per level to all the
# pairs, level 0 (the random mover) = 0.
#
#   deploy/levels/calibrate.sh plan                 the pairs and their match commands
#   deploy/levels/calibrate.sh run RESULTS_DIR      play every pair here, one after another
#   deploy/levels/calibrate.sh slurm SHARDS RESULTS_DIR
#                                                   submit every pair to Slurm, SHARDS tasks
#                                                   each (deploy/slurm/match-array.sh)
#   deploy/levels/calibrate.sh report RESULTS_DIR   the fitted ladder of the pairs played
#
# Each pair's games go to RESULTS_DIR/level-I-level-J/ (games.pdn, or
# shard-K.pdn for a shard). A run that stops is taken up again where it
# stopped (dameo match --resume). Levels below the top one are defined by
# nodes or depth, so they play without a clock (per-engine nodes= far above
# any level's budget: the level's own budget decides); the top level, the
# full engine, plays on the clock TC, and its Elo is the full engine's at
# that clock on the machine that measured it.
#
# Environment: DAMEO (the dameo program, default: dameo on PATH), GAMES
# (a pair, default 200), CONCURRENCY (games at once, default 2), TC (the
# top level's clock, default 60+0.6), SEED (the openings' order, the same
# for every pair, default 20261202), PAIRS (the pairs to play, e.g.
# "0-1 1-3", default all), SHARD (run mode: play only shard I/N of each
# pair, e.g. 2/4, to split the work over machines; merge by copying the
# shard files into one RESULTS_DIR). Extra arguments after the mode's
# are passed to dameo match.
set -euo pipefail

dameo=${DAMEO:-dameo}
games=${GAMES:-200}
concurrency=${CONCURRENCY:-2}
tc=${TC:-60+0.6}
seed=${SEED:-20261202}
here=$(cd "$(dirname "$0")" && pwd)

usage() {
	sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'
	exit 2
}

# top is the full-strength level: the maximum of dameo hub's level parameter.
top() {
	local line
	line=$(printf 'hub\nquit\n' | "$dameo" hub | grep '^param name=level ') || {
		echo "calibrate.sh: $dameo hub has no level parameter" >&2
		exit 1
	}
	line=${line##*max=}
	echo "${line%% *}"
}

# pairs prints "I J" for each pair to play: neighbours and two steps apart,
# or those of PAIRS.
pairs() {
	local n i p
	if [ -n "${PAIRS:-}" ]; then
		for p in $PAIRS; do
			case "$p" in
			[0-9]*-[0-9]*) echo "${p%-*} ${p#*-}" ;;
			*)
				echo "calibrate.sh: PAIRS holds '$p', want I-J" >&2
				exit 2
				;;
			esac
		done
		return
	fi
	n=$(top)
	for ((i = 0; i < n; i++)); do
		echo "$i $((i + 1))"
		if ((i + 2 <= n)); then
			echo "$i $((i + 2))"
		fi
	done
}

# engine prints the spec of level $1 (the top level $2 plays on the clock).
engine() {
	local spec="cmd='$dameo' arg=hub name=level-$1 option.level=$1 option.level-seed=$(($1 + 1)) option.threads=1 option.hash=16"
	if [ "$1" = "$2" ]; then
		echo "$spec tc=$tc"
	else
		echo "$spec nodes=1000000000"
	fi
}

# match_args prints nothing; it fills the array margs with the match of
# pair $1 $2 (the top level $3).
match_args() {
	margs=(-e "$(engine "$1" "$3")" -e "$(engine "$2" "$3")"
		--games "$games" --concurrency "$concurrency" --seed "$seed" --rating-interval 0)
}

mode=${1:-}
[ -n "$mode" ] || usage
shift
case "$mode" in
plan)
	n=$(top)
	pairs | while read -r i j; do
		match_args "$i" "$j" "$n"
		printf '%q ' "$dameo" match "${margs[@]}" --pdn "level-$i-level-$j/games.pdn"
		echo
	done
	;;
run)
	[ $# -ge 1 ] || usage
	results=$1
	shift
	n=$(top)
	pairs | while read -r i j; do
		dir="$results/level-$i-level-$j"
		mkdir -p "$dir"
		match_args "$i" "$j" "$n"
		pdn="$dir/games.pdn"
		if [ -n "${SHARD:-}" ]; then
			pdn="$dir/shard-${SHARD%/*}.pdn"
			margs+=(--shard "$SHARD")
		fi
		if [ -s "$pdn" ]; then
			margs+=(--resume)
		fi
		echo "== level $i against level $j: $pdn"
		"$dameo" match "${margs[@]}" --pdn "$pdn" "$@" </dev/null
	done
	;;
slurm)
	[ $# -ge 2 ] || usage
	shards=$1
	results=$2
	shift 2
	n=$(top)
	pairs | while read -r i j; do
		match_args "$i" "$j" "$n"
		echo "== level $i against level $j"
		DAMEO=$dameo "$here/../slurm/match-array.sh" "$shards" "$results/level-$i-level-$j" "${margs[@]}" "$@" </dev/null
	done
	;;
report)
	[ $# -ge 1 ] || usage
	results=$1
	shift
	dirs=()
	for d in "$results"/level-*-level-*/; do
		[ -d "$d" ] && dirs+=("${d%/}")
	done
	[ ${#dirs[@]} -gt 0 ] || {
		echo "calibrate.sh: no pairs in $results" >&2
		exit 1
	}
	exec "$dameo" match report --ladder --anchor level-0 "${dirs[@]}" "$@"
	;;
*)
	usage
	;;
esac
