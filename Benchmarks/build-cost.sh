#!/usr/bin/env bash
# Build cost of a small app-shaped client, against this package and against RxSwift, measured
# one after the other on the same machine: clean release build time and stripped binary size.
# The client (BuildCost/Sources/app) imports RxSwift, RxCocoa and RxRelay; against this package
# those names come from RxNames/, so both builds compile the same text in Swift 5 mode.
#
#   RXSWIFT_PATH=/path/to/RxSwift-6.10.2 bash Benchmarks/build-cost.sh [ROUNDS]
#
# Each round builds both clients from clean (after an untimed package resolution); the report
# gives every round's figures, the best of each, and the median of the ratio within each round.
# Not part of CI: it needs the RxSwift peer.
#
# BUILD_COST_MODULES=1 also reports where the time went: every compiler job runs through a
# wrapper (SWIFT_DRIVER_SWIFT_FRONTEND_EXEC) that logs its module and wall time, and the report
# sums them per module for each client's last build.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(dirname "$here")
rounds=${1:-2}
rx=${RXSWIFT_PATH:-$repo/../shared/peers/RxSwift-6.10.2}
rx=$(cd "$rx" && pwd)
work=${BUILD_COST_WORK:-$(mktemp -d)}
[ -n "${BUILD_COST_WORK:-}" ] || trap 'rm -rf "$work"' EXIT

client() { # NAME DEPENDENCY PACKAGE-IDENTITY
  rm -rf "${work:?}/$1"
  mkdir -p "$work/$1/Sources"
  cp -R "$here/BuildCost/Sources/app" "$work/$1/Sources/app"
  cat > "$work/$1/Package.swift" <<MANIFEST
// swift-tools-version: 6.0
import PackageDescription
let package = Package(
  name: "client",
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
  dependencies: [.package(path: "$2")],
  targets: [
    .executableTarget(
      name: "app",
      dependencies: [
        .product(name: "RxSwift", package: "$3"), .product(name: "RxCocoa", package: "$3"),
        .product(name: "RxRelay", package: "$3"),
      ])
  ],
  swiftLanguageModes: [.v5]
)
MANIFEST
}

jobs=$work/jobs.log
if [ -n "${BUILD_COST_MODULES:-}" ]; then
  frontend=$(dirname "$(readlink -f "$(command -v swift)")")/swift-frontend
  cat > "$work/frontend.sh" <<WRAPPER
#!/usr/bin/env bash
start=\$EPOCHREALTIME
"$frontend" "\$@"
status=\$?
module=
previous=
for argument in "\$@"; do
  [ "\$previous" = -module-name ] && module=\$argument
  previous=\$argument
done
[ -z "\$module" ] || echo "\$module \$start \$EPOCHREALTIME" >> "$jobs"
exit \$status
WRAPPER
  chmod +x "$work/frontend.sh"
  export SWIFT_DRIVER_SWIFT_FRONTEND_EXEC=$work/frontend.sh
fi

client ours "$repo/RxNames" RxNames
client rxswift "$rx" "$(basename "$rx")"

measure() { # NAME
  local dir=$work/$1
  rm -rf "$dir/.build"
  (cd "$dir" && swift package resolve > "$dir/resolve.log" 2>&1) || {
    cat "$dir/resolve.log" >&2
    exit 1
  }
  rm -f "$jobs"
  local start end
  start=$(date +%s.%N)
  (cd "$dir" && swift build -c release --product app > "$dir/build.log" 2>&1) || {
    cat "$dir/build.log" >&2
    exit 1
  }
  end=$(date +%s.%N)
  strip -o "$dir/app.stripped" "$dir/.build/release/app"
  [ ! -f "$jobs" ] || mv "$jobs" "$jobs.$1"
  printf '%s %.1f %d\n' "$1" "$(echo "$end - $start" | bc)" "$(stat -c %s "$dir/app.stripped")"
}

results=$work/results
rm -f "$results" "$jobs".*
for round in $(seq "$rounds"); do
  measure ours >> "$results"
  measure rxswift >> "$results"
done

echo "round-by-round (name, clean release build s, stripped binary bytes):"
cat "$results"
awk '
  {
    if (!($1 in t) || $2 < t[$1]) t[$1] = $2
    if (!($1 in s) || $3 < s[$1]) s[$1] = $3
    # Each round builds ours, then RxSwift: the ratio of the two builds of one round.
    if ($1 == "ours") last = $2
    else ratio[n++] = last / $2
  }
  END {
    printf "best build: ours %.1f s, RxSwift %.1f s (%.2fx)\n", t["ours"], t["rxswift"], t["ours"] / t["rxswift"]
    # Rounds vary by 10-25% on a shared machine, for both clients; the median of the ratios
    # within each round is the figure least moved by one slow or fast build.
    for (i = 1; i < n; i++) for (j = i; j > 0 && ratio[j - 1] > ratio[j]; j--) {
      swap = ratio[j]; ratio[j] = ratio[j - 1]; ratio[j - 1] = swap
    }
    median = n % 2 ? ratio[int(n / 2)] : (ratio[n / 2 - 1] + ratio[n / 2]) / 2
    printf "build, median of the ratios within each round: %.2fx (%d rounds)\n", median, n
    printf "stripped binary: ours %.2f MB, RxSwift %.2f MB (%.2fx)\n", s["ours"] / 1e6, s["rxswift"] / 1e6, s["ours"] / s["rxswift"]
  }' "$results"

for name in ours rxswift; do
  [ -f "$jobs.$name" ] || continue
  echo "$name, last build: compiler wall seconds per module, in the order they started"
  awk '
    { if (!($1 in t)) order[n++] = $1; t[$1] += $3 - $2 }
    END { for (i = 0; i < n; i++) printf "  %-16s %5.1f\n", order[i], t[order[i]] }' "$jobs.$name"
done
