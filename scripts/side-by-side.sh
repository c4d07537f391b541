#!/usr/bin/env bash
# Runs each argument as a command, side by side (the machines have two cores), each with its output
# in a file; then prints each output whole, with its seconds, and fails when any of them failed.
# Used by `npm test` (the server and client tests) and by .ci/run.

side_by_side() {
  local dir i status=0
  dir=$(mktemp -d)
  for i in $(seq 1 $#); do
    (
      started=$SECONDS
      code=0
      bash -c "${!i}" >"$dir/$i.out" 2>&1 || code=$?
      echo "$code $((SECONDS - started))" >"$dir/$i.status"
    ) &
  done
  wait
  for i in $(seq 1 $#); do
    read -r code took <"$dir/$i.status"
    printf -- '\n--- %s (%ss, exit %s)\n' "${!i}" "$took" "$code"
    cat "$dir/$i.out"
    [ "$code" -eq 0 ] || status=1
  done
  rm -rf "$dir"
  return "$status"
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  set -uo pipefail
  side_by_side "$@"
fi
