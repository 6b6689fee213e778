import Foundation
import TestProcessSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The `hooks-defaults-example` executable, built next to the test bundle.
private func exampleExecutable() -> URL? {
  builtExecutable(named: "hooks-defaults-example")
}

/// Whether `text` is a timestamp in RxSwift's `yyyy-MM-dd HH:mm:ss.SSS` format.
private func isTimestamp(_ text: Substring) -> Bool {
  let characters = Array(text)
  guard characters.count == 23 else { return false }
  let separators: [Int: Character] = [4: "-", 7: "-", 10: " ", 13: ":", 16: ":", 19: "."]
  for (index, character) in characters.enumerated() {
    if let separator = separators[index] {
      guard character == separator else { return false }
    } else {
      guard character.isASCII, character.isNumber else { return false }
    }
  }
  return true
}

/// Replaces a leading RxSwift timestamp and its `: ` with `<time>: `.
private func maskingTimestamp(_ line: String) -> String {
  guard line.count > 25 else { return line }
  let stamp = line.prefix(23)
  guard isTimestamp(stamp), line.dropFirst(23).hasPrefix(": ") else { return line }
  return "<time>: " + line.dropFirst(25)
}

/// The lines of `lines` after the line `start` and before the line `end`.
private func section(_ lines: [String], from start: String, to end: String) -> [String] {
  guard let first = lines.firstIndex(of: start) else { return ["missing \(start)"] }
  guard let last = lines[first...].firstIndex(of: end) else { return ["missing \(end)"] }
  return Array(lines[(first + 1)..<last])
}

/// Checks what ObservableCore's default hooks print, in a process of their own, so that the
/// test process keeps its own hooks (other tests record unhandled errors and reentrancy reports
/// through them in parallel) and prints nothing.
@Suite("Hooks defaults")
struct HookDefaultsTests {
  @Test(
    "debug() prints RxSwift's lines by default; unhandled errors and reentrant events are reported as in RxSwift",
    .dedicatedThreads)
  func defaultsPrint() async throws {
    let executable = try #require(exampleExecutable(), "hooks-defaults-example was not built")
    let output = try FileDescriptors.makePipe()
    defer { close(output.readEnd) }
    let errors = try FileDescriptors.makePipe()
    defer { close(errors.readEnd) }
    let spawned = Result {
      try SpawnedProcess(
        executable: executable.path, standardOutput: output.writeEnd,
        standardError: errors.writeEnd)
    }
    // The child has its own copies: reading ends when it closes them.
    close(output.writeEnd)
    close(errors.writeEnd)
    let process = try spawned.get()
    let data = try FileDescriptors.readToEnd(output.readEnd)
    let errorData = try FileDescriptors.readToEnd(errors.readEnd)
    let termination = try process.waitUntilExit()
    let text = String(decoding: data, as: UTF8.self)
    let report = "stdout:\n\(text)\nstderr:\n\(String(decoding: errorData, as: UTF8.self))"
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(termination.status == 0, "\(report)")
    #expect(errorData.isEmpty, "\(report)")
    #expect(lines.suffix(2) == ["done", ""], "\(report)")

    // debug() prints to standard output in every build, with RxSwift's timestamp and arrows.
    #expect(
      section(lines, from: "-- debug", to: "-- unhandled error").map(maskingTimestamp) == [
        "<time>: numbers -> subscribed",
        "<time>: numbers -> Event next(1)",
        "<time>: numbers -> Event next(2)",
        "<time>: numbers -> Event completed",
        "<time>: numbers -> isDisposed",
      ], "\(report)")

    // Setting Hooks.debugLogger to nil drops the lines.
    #expect(
      section(lines, from: "-- debugLogger set to nil", to: "done") == [], "\(report)")

    let unhandled = section(
      lines, from: "-- unhandled error",
      to: "-- unhandled error, with the subscription's call stack")
    let unhandledWithStack = section(
      lines, from: "-- unhandled error, with the subscription's call stack",
      to: "-- reentrant events")
    let reentrant = section(lines, from: "-- reentrant events", to: "-- many reentrant events")
    let manyReentrant = section(
      lines, from: "-- many reentrant events", to: "-- main thread violation")
    let mainThread = section(
      lines, from: "-- main thread violation", to: "-- control event that fails")
    let failingControlEvent = section(
      lines, from: "-- control event that fails", to: "-- debugLogger set to nil")
    #if DEBUG
      // A debug build prints RxSwift's report of an unhandled error, and a warning for the
      // first event sent to a subject from inside its delivery.
      #expect(unhandled == ["Unhandled error happened: example failure"], "\(report)")
      #expect(
        unhandledWithStack == [
          "Unhandled error happened: example failure", "subscription called from:", "frame one",
          "frame two",
        ], "\(report)")
      // Three reentrant events on one subject: the first in full, ten lines; nothing more.
      let summary = reentrant.filter {
        $0.hasPrefix("received") || $0.hasPrefix("⚠️") || $0.hasPrefix("  > Subject:")
      }
      #expect(
        summary == [
          "received 0",
          "⚠️ Reentrancy anomaly was detected.",
          "  > Subject: PublishSubject, event: next(1)",
          "received 1", "received 2", "received 3",
        ], "\(report)")
      let warning = Array(reentrant.dropFirst().prefix(10))
      #expect(reentrant.count == 14, "\(report)")
      #expect(warning.last?.hasSuffix("`Hooks.reentrancyAnomalyHandler`.") == true, "\(report)")
      #expect(reentrant.contains { $0.contains("> Remedy:") }, "\(report)")
      // A thousand on another subject (a relay's): its first in full, the same ten lines but
      // for the subject, then one line at the 10th, 100th and 1,000th; not one per event.
      #expect(
        Array(manyReentrant.prefix(10))
          == [warning.first ?? "missing"] + ["  > Subject: BehaviorSubject, event: next(1)"]
          + warning.dropFirst(2),
        "\(report)")
      #expect(
        Array(manyReentrant.dropFirst(10)) == [10, 100, 1_000].map { count in
          "⚠️ Reentrancy anomaly: BehaviorSubject has queued \(count) reentrant events, the last "
            + "next(\(count)); only its first was reported in full."
        } + ["last value 1000"], "\(report)")
      // A main-thread check that fails prints a warning instead of trapping as RxSwift does.
      #expect(mainThread == ["⚠️ Main thread violation: example check"], "\(report)")
      // ObservableCocoa: a control event that fails reports the error and completes.
      #expect(
        failingControlEvent == ["Unhandled error happened: example failure", "completed"],
        "\(report)")
    #else
      // A release build reports neither.
      #expect(unhandled == [], "\(report)")
      #expect(unhandledWithStack == [], "\(report)")
      #expect(
        reentrant == ["received 0", "received 1", "received 2", "received 3"], "\(report)")
      #expect(manyReentrant == ["last value 1000"], "\(report)")
      #expect(mainThread == [], "\(report)")
      #expect(failingControlEvent == ["completed"], "\(report)")
    #endif
  }
}
