#!/usr/bin/env bash
# The strength and balance tables of issue 13 ("Done means"), from `vt balance`.
#
#   tools/strength-table.sh run VT OUTDIR [PHASES]   # play the rows, one JSON each
#   tools/strength-table.sh md OUTDIR                # the markdown table of what ran
#
# VT is a release `vt` binary (cargo build --release -p vt-cli). Every row is
# one `vt balance` series on one thread, seed 1; its command goes to
# OUTDIR/commands.log and its JSON to OUTDIR/ROW.json (a row whose JSON is
# already there is skipped, so a cut run resumes). Run it under `nice -n 19`.
#
# Rows, in phases so that a cut run still has every game's first rows:
#   random   - the search as each side against random play; CSAR: the search
#              and random play;
#   scripted - the search as each side against the game's scripted player
#              (its rollout policy on a sample of the hidden information);
#   self     - the search against itself (balance).
# PHASES is a comma list of those (default all three, in that order).
#
# Games and iterations: ITERS_<game> and GAMES_<game> (environment) override
# the defaults below, chosen so the whole table runs in about an hour on one
# core of the 2-core reference machine (a Grunt decision at 10 iterations
# already costs about as much as an FTE one at 200). ITERS_<game> may also
# be one of the launcher's levels, quick, normal or strong (`vt --policy`:
# the level's seconds at each scenario's search rate), which is what a
# player meets, at many times the defaults' cost. ORDER (environment): the
# games to run, in order (default all).
set -euo pipefail

declare -A SIDES=(
  [fte]="us nva-vc"
  [grunt]="us nlf"
  [crossfire-vn]="free-world vc-nva"
  [platoon-cards]="us vc"
)
declare -A ITERS=([fte]=50 [grunt]=10 [crossfire-vn]=20 [platoon-cards]=10 [csar]=200)
declare -A GAMES=([fte]=8 [grunt]=3 [crossfire-vn]=4 [platoon-cards]=3 [csar]=20)
ORDER=${ORDER:-"csar fte crossfire-vn platoon-cards grunt"}

iters() { local v="ITERS_${1//-/_}"; echo "${!v:-${ITERS[$1]}}"; }
games() { local v="GAMES_${1//-/_}"; echo "${!v:-${GAMES[$1]}}"; }

scenarios() { "$VT" list | jq -r --arg g "$1" '.games[] | select(.id == $g) | .scenarios[].id'; }

row() { # NAME GAME SCENARIO POLICY
  local name=$1 game=$2 sc=$3 policy=$4 n
  n=$(games "$game")
  local out="$OUT/$name.json"
  [[ -s $out ]] && return 0
  local cmd="vt balance $game $sc --games $n --threads 1 --seed 1 --policy $policy"
  echo "$(date -u +%H:%M:%S) $cmd" >>"$OUT/commands.log"
  local t0=$SECONDS
  if "$VT" balance "$game" "$sc" --games "$n" --threads 1 --seed 1 --policy "$policy" >"$out.tmp"; then
    jq --arg cmd "$cmd" --argjson wall $((SECONDS - t0)) '. + {command: $cmd, wall_seconds: $wall}' \
      "$out.tmp" >"$out"
    rm -f "$out.tmp"
  else
    echo "  failed" >>"$OUT/commands.log"
  fi
}

run() {
  local phases=${1:-random,scripted,self}
  mkdir -p "$OUT"
  for phase in ${phases//,/ }; do
    for game in $ORDER; do
      local m
      case $(iters "$game") in
        quick | normal | strong) m=$(iters "$game") ;;
        *) m="mcts:$(iters "$game")" ;;
      esac
      for sc in $(scenarios "$game"); do
        if [[ $game == csar ]]; then
          [[ $phase == random ]] || continue
          row "csar.$sc.mcts" csar "$sc" "$m"
          row "csar.$sc.random" csar "$sc" random
          continue
        fi
        read -r a b <<<"${SIDES[$game]}"
        case $phase in
          random)
            row "$game.$sc.random.$a" "$game" "$sc" "$a=$m,$b=random"
            row "$game.$sc.random.$b" "$game" "$sc" "$a=random,$b=$m" ;;
          scripted)
            row "$game.$sc.scripted.$a" "$game" "$sc" "$a=$m,$b=scripted"
            row "$game.$sc.scripted.$b" "$game" "$sc" "$a=scripted,$b=$m" ;;
          self)
            row "$game.$sc.self" "$game" "$sc" "$m" ;;
        esac
      done
    done
  done
}

cell() { # FILE SIDE: win rate [95 % interval] of N games
  [[ -s $1 ]] || { echo "not run"; return; }
  jq -r --arg s "$2" '.games as $n | .sides[] | select(.side == $s) |
    "\(.win_rate * 1000 | round / 10) % [\(.low * 1000 | round / 10), \(.high * 1000 | round / 10)] of \($n)"' "$1"
}

md() {
  echo "| game | scenario | row | result (win rate [95 % interval] of games) | command |"
  echo "|---|---|---|---|---|"
  for f in "$OUT"/*.json; do
    [[ -s $f ]] || continue
    local base game sc kind who cmd
    base=$(basename "$f" .json)
    IFS=. read -r game sc kind who <<<"$base"
    cmd=$(jq -r .command "$f")
    if [[ $game == csar ]]; then
      echo "| csar | $sc | $kind | $(cell "$f" player) | \`$cmd\` |"
      continue
    fi
    read -r a b <<<"${SIDES[$game]}"
    case $kind in
      self) echo "| $game | $sc | search v search | $a $(cell "$f" "$a"); $b $(cell "$f" "$b") | \`$cmd\` |" ;;
      *) echo "| $game | $sc | search as $who v $kind | $(cell "$f" "$who") | \`$cmd\` |" ;;
    esac
  done
}

case ${1:-} in
  run) VT=$2 OUT=$3 run "${4:-}" ;;
  md) OUT=$2 VT=true md ;;
  *) sed -n '2,10p' "$0"; exit 2 ;;
esac
