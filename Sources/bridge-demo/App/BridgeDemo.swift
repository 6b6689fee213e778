import Foundation

/// The program: parses the command line, sets up the server, runs a command, and turns every
/// outcome into an exit status.
///
/// - 0: success, or `--help`;
/// - 1: a failure, reported as one line on standard error (after the line that says where
///   requests go, which is printed only when standard error is a terminal);
/// - 2: a command-line mistake, reported as one line plus usage on standard error; also one
///   found only in the server's answer, such as `api --items KEY` naming a member the pages
///   lack.
enum BridgeDemo {
  /// Runs the program.
  ///
  /// - Parameters:
  ///   - arguments: The arguments without the program name.
  ///   - environment: The environment variables.
  /// - Returns: The exit status.
  static func run(_ arguments: [String], environment: [String: String]) async -> Int32 {
    let console = Console(environment: environment)
    let action: Invocation.Action
    do {
      action = try Invocation.parse(arguments)
    } catch {
      console.printError("bridge-demo: \(error.message)")
      console.printError(error.usage)
      return 2
    }
    switch action {
    case .help(let text):
      console.print(text)
      return 0
    case .run(let invocation):
      return await run(invocation, console: console, environment: environment)
    }
  }

  private static func run(
    _ invocation: Invocation, console: Console, environment: [String: String]
  ) async -> Int32 {
    let cleanup = Cleanup.shared
    let backend: Backend
    do {
      backend = try Backend.make(invocation.server, environment: environment)
    } catch {
      console.printError("bridge-demo: \(error)")
      return 1
    }
    defer { backend.shutdown() }
    // Where requests go is a notice for a person watching: on a terminal only, so that a
    // failure leaves exactly one line on standard error for scripts and logs.
    if console.errorIsTerminal { console.printError(backend.announcement) }
    let context = CommandContext(console: console, backend: backend, cleanup: cleanup)
    do {
      switch invocation.command {
      case .tour(let options): try await TourCommand.run(options, context: context)
      case .repo(let options): try await RepoCommand.run(options, context: context)
      case .search(let options): try await SearchCommand.run(options, context: context)
      case .events(let options): try await EventsCommand.run(options, context: context)
      case .user(let options): try await UserCommand.run(options, context: context)
      case .typeahead(let options): try await TypeaheadCommand.run(options, context: context)
      case .api(let options): try await ApiCommand.run(options, context: context)
      }
      cleanup.runAll()
      return 0
    } catch is ReportedFailure {
      cleanup.runAll()
      return 1
    } catch let failure as UsageFailure {
      // A mistake found only once the server answered, such as `api --items` naming a
      // member the pages lack.
      cleanup.runAll()
      console.printError("bridge-demo: \(failure.message)")
      console.printError(failure.usage)
      return 2
    } catch {
      cleanup.runAll()
      console.printError("bridge-demo: " + Format.error(error))
      return 1
    }
  }
}

/// Runs a command's work and prefixes its failure with what it was doing.
///
/// - Parameters:
///   - what: What the work gets, such as `repository apple/swift`.
///   - work: The work.
/// - Returns: The work's result.
/// - Throws: ``DemoFailure`` with `what` and the error.
func describingFailure<Value>(
  _ what: String, _ work: () async throws -> Value
) async throws -> Value {
  do {
    return try await work()
  } catch let failure as DemoFailure {
    throw failure
  } catch let failure as UsageFailure {
    throw failure
  } catch {
    throw DemoFailure("\(what): \(Format.error(error))")
  }
}

/// What every command gets.
struct CommandContext: Sendable {
  let console: Console
  let backend: Backend
  let cleanup: Cleanup

  /// A temporary directory, removed when the program exits or is interrupted.
  ///
  /// - Returns: The new directory.
  /// - Throws: ``DemoFailure`` if it cannot be created.
  func temporaryDirectory() throws(DemoFailure) -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "bridge-demo-\(UUID().uuidString)", isDirectory: true)
    do {
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    } catch {
      throw DemoFailure("cannot create a temporary directory: \(error)")
    }
    cleanup.add { try? FileManager.default.removeItem(at: url) }
    return url
  }
}
