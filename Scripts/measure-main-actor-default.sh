#!/usr/bin/env bash
# Measures what code written the RxSwift way needs to compile in a module that defaults to the
# main actor (issue 29), against this library and against RxSwift 6.10.2, the same way for both.
#
# The view models in Tests/LanguageModeTests/MainActorDefault/AsWritten import ObservableCore and
# ObservableCocoa. For RxSwift the same files are compiled with only the imports changed
# (ObservableCore -> RxSwift + RxRelay, ObservableCocoa -> RxCocoa). Each set is compiled to SIL
# as one module (`-emit-sil -wmo`, so that region-based isolation, which is diagnosed after type
# checking, is checked too) with the settings of a new Swift 6.2+ app target:
#
#   -swift-version 6 -default-isolation MainActor
#   -enable-upcoming-feature NonisolatedNonsendingByDefault
#   -enable-upcoming-feature InferIsolatedConformances
#
# (SwiftPM: swiftLanguageMode(.v6), .defaultIsolation(MainActor.self),
# .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
# .enableUpcomingFeature("InferIsolatedConformances").)
#
# Prints, per file and library, the errors and warnings as written, then those of the edited
# copies in MainActorDefault/Edited/<library> (the smallest edits that make the set compile; the
# RxSwift copies keep RxSwift's imports), and the lines each file's edits changed (lines `diff`
# shows on the edited side). VERBOSE=1 prints the diagnostics.
#
# Usage: Scripts/measure-main-actor-default.sh [path to the RxSwift 6.10.2 peer]
#   default peer: ../shared/peers/RxSwift-6.10.2 (outside the repository; CI does not run this)
# Needs `swift build` to have built this package (.build/debug/Modules). Builds the peer in
# /tmp/rxswift-peer-build once.
#
# Environment: SKIP_RXSWIFT=1 measures this library only.
set -euo pipefail

cd "$(dirname "$0")/.."
root=$PWD
peer=${1:-$root/../shared/peers/RxSwift-6.10.2}
fixtures=$root/Tests/LanguageModeTests/MainActorDefault
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Not `-o /dev/null`: the driver deletes the outputs of a job that fails, which run as root can
# be `/dev/null` itself (see Scripts/check-apple-platforms.swift).
flags=(-emit-sil -wmo -o "$work/out.sil" -swift-version 6 -default-isolation MainActor
  -enable-upcoming-feature NonisolatedNonsendingByDefault
  -enable-upcoming-feature InferIsolatedConformances -module-name MainActorApp)

ours_flags=(-I "$root/.build/debug/Modules"
  -Xcc "-fmodule-map-file=$root/.build/debug/ObservableCoreShims.build/module.modulemap")

rx_build=/tmp/rxswift-peer-build
rx_flags=(-I "$rx_build/debug/Modules")

to_rxswift() { # in-dir out-dir
  mkdir -p "$2"
  for f in "$1"/*.swift; do
    sed -e 's/^import ObservableCore$/import RxRelay\nimport RxSwift/' \
      -e 's/^import ObservableCocoa$/import RxCocoa/' "$f" > "$2/$(basename "$f")"
  done
}

# typecheck <label> <dir> <flags...>: prints "<file> <errors> <warnings>" per file and the log.
typecheck() {
  local label=$1 dir=$2
  shift 2
  local log=$work/$label.log
  swiftc "${flags[@]}" "$@" "$dir"/*.swift > "$log" 2>&1 || true
  for f in "$dir"/*.swift; do
    local name errors warnings
    name=$(basename "$f")
    errors=$( (grep -E "/$name:[0-9]+:[0-9]+: error: " "$log" || true) | sort -u | wc -l)
    warnings=$( (grep -E "/$name:[0-9]+:[0-9]+: warning: " "$log" || true) | sort -u | wc -l)
    printf '%s %s %s\n' "$name" "$errors" "$warnings"
  done > "$work/$label.counts"
  other=$(grep -E ": error: " "$log" | grep -vcE "^/" || true)
  echo "== $label: $(awk '{e+=$2; w+=$3} END {print e " errors, " w " warnings"}' "$work/$label.counts") ($other without a file)"
  cat "$work/$label.counts"
  if [ -n "${VERBOSE:-}" ]; then (grep -E ": (error|warning): " "$log" || true) | sed "s|$dir/||" | sort -u; fi
}

# "<edits> <lines>": the hunks `diff` finds (one edit each), and the lines on their edited side.
changes() { # as-written edited
  local hunks lines
  hunks=$( (diff "$1" "$2" || true) | (grep -cE '^[0-9]' || true))
  lines=$( (diff "$1" "$2" || true) | (grep -c '^>' || true))
  echo "$hunks $lines"
}

report() { # label as-written-dir edited-dir flags...
  local label=$1 written=$2 edited=$3
  shift 3
  typecheck "$label-as-written" "$written" "$@"
  if [ -d "$edited" ]; then
    typecheck "$label-edited" "$edited" "$@"
    # The compiler stops at the first stage with errors, so the set as written shows only some.
    # Each file's own count: the edited set with that one file as written.
    echo "-- $label: errors per file, that file as written and the others edited"
    for f in "$written"/*.swift; do
      name=$(basename "$f")
      rm -rf "$work/one" && cp -r "$edited" "$work/one" && cp "$f" "$work/one/$name"
      swiftc "${flags[@]}" "$@" "$work/one"/*.swift > "$work/one.log" 2>&1 || true
      printf '%s %s (%s in the module)\n' "$name" \
        "$( (grep -E "/$name:[0-9]+:[0-9]+: error: " "$work/one.log" || true) | sort -u | wc -l)" \
        "$( (grep -E ":[0-9]+:[0-9]+: error: " "$work/one.log" || true) | sort -u | wc -l)"
    done
    echo "-- $label: edits (diff hunks) and lines changed per file"
    for f in "$written"/*.swift; do
      name=$(basename "$f")
      printf '%s %s\n' "$name" "$(changes "$f" "$edited/$name")"
    done
  fi
}

[ -n "${SKIP_OURS:-}" ] || report ObservableBridge "$fixtures/AsWritten" "$fixtures/Edited/ObservableBridge" "${ours_flags[@]}"

if [ -z "${SKIP_RXSWIFT:-}" ]; then
  if [ ! -e "$rx_build/debug/Modules/RxCocoa.swiftmodule" ]; then
    swift build --package-path "$peer" --scratch-path "$rx_build" --product RxCocoa >&2
  fi
  to_rxswift "$fixtures/AsWritten" "$work/rx-as-written"
  report RxSwift "$work/rx-as-written" "$fixtures/Edited/RxSwift" "${rx_flags[@]}"
fi
