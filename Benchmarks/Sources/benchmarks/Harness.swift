import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Keeps a value alive and opaque to the optimizer.
@inline(never)
func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) {}
}

/// Monotonic nanoseconds.
@inline(__always)
func nanoseconds() -> UInt64 {
  var time = timespec()
  clock_gettime(CLOCK_MONOTONIC, &time)
  return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// How many timed runs each figure is the median of (after one warm-up run).
let timedRuns = 7

/// The workload groups `--only W7,W11` selects (`nil`: every workload).
nonisolated(unsafe) var selectedGroups: Set<String>? = nil
/// The group of the workload being measured ("W7"), set before measuring it.
///
/// Empty while calibrating, which `--only` never skips.
nonisolated(unsafe) var currentGroup = ""

/// Whether the current workload is skipped by `--only`; `measure` then returns NaN at once.
func skippingCurrentGroup() -> Bool {
  guard let selectedGroups, !currentGroup.isEmpty else { return false }
  return !selectedGroups.contains(currentGroup)
}

/// Returns the median ns per element of `body` over `timedRuns` runs after a warm-up.
func measure(elements: Int, _ body: () -> Void) -> Double {
  if skippingCurrentGroup() { return .nan }
  body()
  var samples: [Double] = []
  for _ in 0..<timedRuns {
    let start = nanoseconds()
    body()
    samples.append(Double(nanoseconds() - start) / Double(elements))
  }
  return median(samples)
}

/// Returns the median ns per element of an async `body` over `timedRuns` runs after a warm-up.
func measure(elements: Int, _ body: () async -> Void) async -> Double {
  if skippingCurrentGroup() { return .nan }
  await body()
  var samples: [Double] = []
  for _ in 0..<timedRuns {
    let start = nanoseconds()
    await body()
    samples.append(Double(nanoseconds() - start) / Double(elements))
  }
  return median(samples)
}

/// Like ``measure(elements:_:)``, but `setup` runs untimed before each run.
func measure<State>(
  elements: Int, setup: () -> State, body: (State) async -> Void
) async -> Double {
  if skippingCurrentGroup() { return .nan }
  await body(setup())
  var samples: [Double] = []
  for _ in 0..<timedRuns {
    let state = setup()
    let start = nanoseconds()
    await body(state)
    samples.append(Double(nanoseconds() - start) / Double(elements))
  }
  return median(samples)
}

func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  return sorted[sorted.count / 2]
}

/// A mutable cell for sums inside `@Sendable` closures on a single thread.
final class Accumulator: @unchecked Sendable {
  // SAFETY: each benchmark touches an accumulator from one thread at a time; cross-thread
  // handoffs go through the library's own locks or task joins, which order the accesses.
  var total = 0
}

/// Peak resident set size of this process, in kilobytes (VmHWM).
func peakRSSKilobytes() -> Int {
  guard let file = fopen("/proc/self/status", "r") else { return -1 }
  defer { fclose(file) }
  var buffer = [CChar](repeating: 0, count: 256)
  while fgets(&buffer, Int32(buffer.count), file) != nil {
    let line = String(
      decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    if line.hasPrefix("VmHWM:") {
      return Int(line.split(separator: " ").dropFirst().first ?? "") ?? -1
    }
  }
  return -1
}
