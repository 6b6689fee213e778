// Type-checks every target of a package for Apple platforms, and checks the objects of its C
// targets for symbols Apple's linker refuses. No Mac is needed: the Linux toolchain's own module
// interfaces are rebuilt for the Apple triples, and stand-ins take the place of the Apple SDK.
//
//   swift Scripts/check-apple-platforms.swift                      macOS and iOS (what CI runs)
//   swift Scripts/check-apple-platforms.swift --platforms all      the five platforms
//   ... --platforms macOS,watchOS                                  some of them
//   ... --package DIR                                              another package (the tests')
//   ... --cache DIR                                                where the rebuilt modules are
//                                                                  kept (default: the package's
//                                                                  .build/apple-sdk)
//   ... --verbose                                                  also list what was pruned from
//                                                                  the synthesized stand-ins
//
// It exits 1 when a Swift target does not type-check for a platform or the compiler warns, and
// when a C file or header of the package leaves an undefined weak or sanitizer symbol in its
// object; a target whose dependency failed is reported as not checked. It exits 2 when it
// cannot run (no Linux toolchain, a package SwiftPM cannot describe).
//
// Each target is compiled as SwiftPM compiles it in a debug build, whole-module and through SIL,
// for the triple of each platform at the floor Package.swift declares (x86_64: an Intel Mac, and
// the simulators of the other platforms; the interfaces come from the x86_64 Linux toolchain).
// A library whose sources name DEBUG in an `#if` is then checked again as a release build
// compiles it (no DEBUG, no -enable-testing), reported as `Name (release)`, so that the other
// half of each `#if DEBUG` is checked too. Both are checked against:
// - Swift, _Concurrency, _StringProcessing, _RegexParser, RegexBuilder, Synchronization,
//   Observation, Distributed, SwiftOnoneSupport, Testing and _TestingInterop, rebuilt from the
//   Linux toolchain's `.swiftinterface` files with the target rewritten
//   (`swift-frontend -compile-module-from-interface`). Their `@available` attributes are the
//   ones Apple's have, so availability is checked by the compiler.
// - Foundation, Dispatch and XCTest, which the Linux toolchain ships without interfaces: their
//   declarations as `swift-synthesize-interface` prints them from the Linux modules (Foundation
//   merged from FoundationEssentials, FoundationInternationalization, Foundation and
//   FoundationNetworking, one module on Apple platforms), pruned until they compile for the
//   Apple triple. Where Apple's modules differ in a way that matters, and what the printer
//   leaves out, is in Scripts/apple-sdk/swift/.
// - Darwin: the stub headers in Scripts/apple-sdk/usr/include, which declare, as Apple's headers
//   do, the C names the package and the stand-ins use, and an overlay with what Apple's Darwin
//   overlay adds (`errno`, `POSIXErrorCode`, the non-variadic `fcntl` and `ioctl`). A name the
//   stubs lack fails the check even if Apple has it: add it there, as Apple declares it.
// - No Glibc, FoundationEssentials or FoundationNetworking module, so `canImport` of each is
//   false, as on Apple platforms.
//
// What it cannot see: Apple's own Foundation, Dispatch and XCTest (their Apple-only API and
// availability, their `Sendable` annotations where they differ), Objective-C interop (the
// stand-ins are built without it), and anything the linker or an Apple system would report.
//
// The rebuilt modules take about a minute per platform on 2 cores. They are kept in the cache
// folder under a hash of the compiler's version, this script and Scripts/apple-sdk, so later
// runs (ApplePlatformCheckTests' among them) reuse them. Platforms are checked side by side, as
// many at a time as there are cores.

import Foundation

// MARK: - Platforms and options

/// An Apple platform the check can target.
enum ApplePlatform: String, CaseIterable, Sendable {
  case macOS, iOS, tvOS, watchOS, visionOS

  /// The name `swift package describe` gives the platform in `platforms`.
  var manifestName: String { rawValue.lowercased() }

  /// SwiftPM's deployment target where `platforms:` does not name the platform (tools 6.1).
  var defaultFloor: String {
    switch self {
    case .macOS: "10.13"
    case .iOS, .tvOS: "12.0"
    case .watchOS: "4.0"
    case .visionOS: "1.0"
    }
  }

  /// The target triple for a deployment target of `version`.
  ///
  /// The rebuilt interfaces come from the x86_64 Linux toolchain, whose inlinable code assumes
  /// x86_64 (`Float80`, 64-bit pointers), so every triple is x86_64: a Mac with an Intel
  /// processor, and the simulators of the other platforms. Availability is the same on every
  /// architecture of a platform.
  ///
  /// - Parameter version: The deployment target, such as "13.0".
  /// - Returns: The triple.
  func triple(_ version: String) -> String {
    switch self {
    case .macOS: "x86_64-apple-macosx\(version)"
    case .iOS: "x86_64-apple-ios\(version)-simulator"
    case .tvOS: "x86_64-apple-tvos\(version)-simulator"
    case .watchOS: "x86_64-apple-watchos\(version)-simulator"
    case .visionOS: "x86_64-apple-xros\(version)-simulator"
    }
  }

  /// The platform named `name`, in any case (`macos`, `iOS`).
  ///
  /// - Parameter name: The name.
  /// - Returns: The platform, or `nil`.
  static func named(_ name: String) -> ApplePlatform? {
    allCases.first { $0.rawValue.lowercased() == name.lowercased() }
  }
}

/// The command line.
struct Options: Sendable {
  /// The platforms to check.
  var platforms: [ApplePlatform] = [.macOS, .iOS]
  /// The package to check.
  var package = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
  /// Where rebuilt modules are kept; `nil` for the package's `.build/apple-sdk`.
  var cache: URL?
  /// Whether to list what was pruned from the synthesized interfaces.
  var verbose = false

  /// Parses the command line.
  ///
  /// - Parameter arguments: The arguments, without the script's name.
  /// - Returns: The options, or what is wrong with the command line.
  static func parse(_ arguments: [String]) -> Result<Options, Failure> {
    var options = Options()
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      switch argument {
      case "--platforms":
        guard let value = rest.popFirst() else {
          return .failure(Failure("--platforms needs a list"))
        }
        if value == "all" {
          options.platforms = ApplePlatform.allCases
          continue
        }
        var platforms: [ApplePlatform] = []
        for name in value.split(separator: ",") {
          guard let platform = ApplePlatform.named(String(name)) else {
            return .failure(Failure("unknown platform \(name)"))
          }
          platforms.append(platform)
        }
        options.platforms = platforms
      case "--package":
        guard let value = rest.popFirst() else {
          return .failure(Failure("--package needs a folder"))
        }
        options.package = URL(fileURLWithPath: value).standardizedFileURL
      case "--cache":
        guard let value = rest.popFirst() else {
          return .failure(Failure("--cache needs a folder"))
        }
        options.cache = URL(fileURLWithPath: value).standardizedFileURL
      case "--verbose":
        options.verbose = true
      default:
        return .failure(Failure("unknown argument \(argument)"))
      }
    }
    return .success(options)
  }
}

/// Something that stops the check before it can say whether the package is right.
struct Failure: Error, CustomStringConvertible {
  /// What went wrong.
  var description: String

  /// Creates a failure.
  ///
  /// - Parameter description: What went wrong.
  init(_ description: String) { self.description = description }
}

// MARK: - Running programs

/// How a program ended and what it printed on standard output and standard error.
struct Completed: Sendable {
  /// The exit status.
  var status: Int32
  /// Standard output and standard error, interleaved.
  var output: String
}

/// Runs a program to its end.
///
/// - Parameters:
///   - executable: The program's path.
///   - arguments: Its arguments.
///   - directory: The working directory, or `nil` for this process's.
/// - Returns: How it ended and what it printed.
func run(_ executable: URL, _ arguments: [String], in directory: URL? = nil) -> Completed {
  let process = Process()
  process.executableURL = executable
  process.arguments = arguments
  if let directory { process.currentDirectoryURL = directory }
  let pipe = Pipe()
  process.standardOutput = pipe
  process.standardError = pipe
  do { try process.run() } catch {
    return Completed(status: 127, output: "cannot run \(executable.path): \(error)")
  }
  let data = pipe.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return Completed(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
}

// MARK: - The toolchain

/// The Linux toolchain's programs and module interfaces.
struct Toolchain: Sendable {
  /// `usr/bin`.
  var bin: URL
  /// `usr/lib/swift`, the compiler's resource folder.
  var resources: URL
  /// `usr/lib/swift/linux`, where the Linux modules and their interfaces are.
  var linuxModules: URL
  /// The Linux target triple, which names the interface files (`x86_64-unknown-linux-gnu`).
  var linuxTriple: String
  /// The compiler's version line.
  var version: String

  /// A program in `usr/bin`.
  ///
  /// - Parameter name: The program's name.
  /// - Returns: Its path.
  func tool(_ name: String) -> URL { bin.appendingPathComponent(name) }

  /// The textual interface of the Linux module `name`.
  ///
  /// - Parameter name: The module's name.
  /// - Returns: The interface file.
  func interface(of name: String) -> URL {
    linuxModules.appendingPathComponent("\(name).swiftmodule/\(linuxTriple).swiftinterface")
  }

  /// Finds the toolchain whose `swift` is first on `PATH`.
  ///
  /// - Returns: The toolchain.
  /// - Throws: ``Failure`` if there is none or it does not say where its modules are.
  static func find() throws(Failure) -> Toolchain {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    guard
      let swift = path.split(separator: ":").map({ URL(fileURLWithPath: "\($0)/swift") })
        .first(where: { FileManager.default.isExecutableFile(atPath: $0.path) })
    else { throw Failure("no swift on PATH") }
    let bin = swift.resolvingSymlinksInPath().deletingLastPathComponent()
    let info = run(bin.appendingPathComponent("swiftc"), ["-print-target-info"])
    guard info.status == 0,
      let json = try? JSONSerialization.jsonObject(with: Data(info.output.utf8)) as? [String: Any],
      let paths = json["paths"] as? [String: Any],
      let resource = paths["runtimeResourcePath"] as? String,
      let target = json["target"] as? [String: Any],
      let triple = target["triple"] as? String,
      let platform = target["platform"] as? String, platform == "linux"
    else { throw Failure("swiftc -print-target-info did not describe a Linux toolchain") }
    let version =
      run(bin.appendingPathComponent("swiftc"), ["--version"]).output
      .split(separator: "\n").first.map(String.init) ?? "unknown"
    let resources = URL(fileURLWithPath: resource)
    return Toolchain(
      bin: bin, resources: resources, linuxModules: resources.appendingPathComponent("linux"),
      linuxTriple: triple, version: version)
  }
}

// MARK: - The package

/// A target of the checked package.
struct Target: Sendable {
  /// The kinds `swift package describe` reports.
  enum Kind: String, Sendable {
    case library, executable, test
  }

  /// The target's name.
  var name: String
  /// Its module's name (`bridge_demo` for `bridge-demo`).
  var moduleName: String
  /// Library, executable or test.
  var kind: Kind
  /// Whether it is a C target.
  var isClang: Bool
  /// Its folder.
  var folder: URL
  /// Its source files.
  var sources: [URL]
  /// The targets it depends on.
  var dependencies: [String]
  /// Whether it has resources (and so a `Bundle.module`).
  var hasResources: Bool
  /// Its Swift language mode.
  var languageMode: String
  /// The compilation conditions it defines (without a condition on a trait).
  var defines: [String]
}

/// The checked package, as SwiftPM describes it.
struct Package: Sendable {
  /// The package's name.
  var name: String
  /// The package's folder.
  var folder: URL
  /// The deployment target of each platform (`macos` → `13.0`).
  var floors: [String: String]
  /// Its targets, each after the targets it depends on.
  var targets: [Target]

  /// Reads the package at `folder` with `swift package describe` and `swift package
  /// dump-package` (which has the targets' settings).
  ///
  /// - Parameters:
  ///   - folder: The package.
  ///   - toolchain: The toolchain.
  /// - Returns: The package.
  /// - Throws: ``Failure`` if SwiftPM cannot describe it.
  static func read(at folder: URL, toolchain: Toolchain) throws(Failure) -> Package {
    let swift = toolchain.tool("swift")
    let described = run(swift, ["package", "describe", "--type", "json"], in: folder)
    let dumped = run(swift, ["package", "dump-package"], in: folder)
    guard described.status == 0, dumped.status == 0,
      let description = jsonObject(described.output), let manifest = jsonObject(dumped.output),
      let name = description["name"] as? String,
      let described = description["targets"] as? [[String: Any]],
      let declared = manifest["targets"] as? [[String: Any]]
    else { throw Failure("swift package describe failed in \(folder.path):\n\(described.output)") }

    var floors: [String: String] = [:]
    for platform in description["platforms"] as? [[String: Any]] ?? [] {
      if let name = platform["name"] as? String, let version = platform["version"] as? String {
        floors[name] = version
      }
    }
    var settings: [String: [[String: Any]]] = [:]
    for target in declared {
      if let name = target["name"] as? String {
        settings[name] = target["settings"] as? [[String: Any]] ?? []
      }
    }

    var targets: [String: Target] = [:]
    for entry in described {
      guard let name = entry["name"] as? String, let type = entry["type"] as? String,
        let kind = Target.Kind(rawValue: type), let path = entry["path"] as? String
      else { continue }
      let targetFolder = folder.appendingPathComponent(path)
      var languageMode = manifest["swiftLanguageVersions"].flatMap(firstLanguageMode) ?? "6"
      var defines: [String] = []
      for setting in settings[name] ?? [] where setting["tool"] as? String == "swift" {
        guard let kind = setting["kind"] as? [String: Any] else { continue }
        if let mode = kind["swiftLanguageMode"] as? [String: Any], let value = mode["_0"] {
          languageMode = "\(value)"
        }
        if let define = kind["define"] as? [String: Any], let value = define["_0"] as? String,
          setting["condition"] == nil
        {
          defines.append(value)
        }
      }
      targets[name] = Target(
        name: name, moduleName: entry["c99name"] as? String ?? name,
        kind: kind, isClang: entry["module_type"] as? String == "ClangTarget",
        folder: targetFolder,
        sources: (entry["sources"] as? [String] ?? []).map {
          targetFolder.appendingPathComponent($0)
        },
        dependencies: entry["target_dependencies"] as? [String] ?? [],
        hasResources: !(entry["resources"] as? [Any] ?? []).isEmpty,
        languageMode: languageMode, defines: defines)
    }

    // Dependencies first, then by name, so that the order does not change between runs.
    var ordered: [Target] = []
    var visited: Set<String> = []
    func visit(_ name: String) {
      guard !visited.contains(name), let target = targets[name] else { return }
      visited.insert(name)
      for dependency in target.dependencies.sorted() { visit(dependency) }
      ordered.append(target)
    }
    for name in targets.keys.sorted() { visit(name) }
    return Package(name: name, folder: folder, floors: floors, targets: ordered)
  }
}

/// The JSON object in `text`, or `nil`.
///
/// - Parameter text: JSON text.
/// - Returns: The object.
func jsonObject(_ text: String) -> [String: Any]? {
  // SwiftPM may print a line or two before the JSON (fetching, say).
  guard let start = text.firstIndex(of: "{") else { return nil }
  return (try? JSONSerialization.jsonObject(with: Data(text[start...].utf8))) as? [String: Any]
}

/// The first language mode in a manifest's `swiftLanguageModes`.
///
/// - Parameter value: The manifest's value.
/// - Returns: The mode, such as "6".
func firstLanguageMode(_ value: Any) -> String? {
  guard let modes = value as? [Any], let first = modes.first else { return nil }
  if let mode = first as? [String: Any], let version = mode["_0"] { return "\(version)" }
  return "\(first)"
}

// MARK: - The stand-in SDK

/// What the stand-in SDK is made of.
enum StandIns {
  /// Where the stand-in SDK's own sources are: `apple-sdk` beside this script.
  static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("apple-sdk")

  /// The modules rebuilt from the toolchain's interfaces, in an order in which each comes after
  /// what it imports.
  static let rebuiltModules = [
    "Swift", "_Concurrency", "SwiftOnoneSupport", "_RegexParser", "_StringProcessing",
    "RegexBuilder", "Synchronization", "Observation", "Distributed", "_TestingInterop", "Testing",
  ]

  /// The stand-ins built from `swift-synthesize-interface`'s output: the module's name, the
  /// Linux modules it is made of, and what its interface imports.
  static let synthesizedModules: [SynthesizedModule] = [
    SynthesizedModule(name: "Dispatch", parts: ["Dispatch"], imports: ["Darwin"]),
    SynthesizedModule(
      name: "Foundation",
      parts: [
        "FoundationEssentials", "FoundationInternationalization", "Foundation",
        "FoundationNetworking",
      ],
      imports: ["@_exported Darwin", "@_exported Dispatch", "Synchronization"]),
    SynthesizedModule(name: "XCTest", parts: ["XCTest"], imports: ["@_exported Foundation"]),
  ]

  /// The Linux modules that are part of Foundation on Apple platforms.
  static let foundationParts = [
    "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking",
  ]

  /// The name of the file that lists what was pruned, which also marks a finished SDK.
  static let prunedFileName = "pruned.json"
}

/// A stand-in made from Linux modules that ship without an interface.
struct SynthesizedModule: Sendable {
  /// The Apple module's name.
  var name: String
  /// The Linux modules it is made of.
  var parts: [String]
  /// What its interface imports (`@_exported Darwin` re-exports).
  var imports: [String]
}

/// The stand-in SDK of one platform: the rebuilt and synthesized modules, and the stub headers.
struct StandInSDK: Sendable {
  /// The platform.
  var platform: ApplePlatform
  /// The target triple.
  var triple: String
  /// The folder with the modules (`Swift.swiftmodule`, `Foundation.swiftmodule`, …).
  var modules: URL
  /// The SDK's root, passed as `-sdk` (see ``makeRoot(_:platform:floor:)``).
  var root: URL
  /// Clang's module cache for this SDK.
  var clangModuleCache: URL
  /// What was pruned from each synthesized interface.
  var pruned: [String: [String]]

  /// The compiler arguments every compilation against this SDK takes.
  ///
  /// - Parameter toolchain: The toolchain.
  /// - Returns: The arguments.
  func arguments(_ toolchain: Toolchain) -> [String] {
    [
      "-target", triple, "-sdk", root.path, "-resource-dir", toolchain.resources.path,
      "-I", modules.path, "-module-cache-path", clangModuleCache.path,
      "-Xfrontend", "-disable-objc-interop", "-Xcc", "-ffreestanding",
      "-no-color-diagnostics", "-diagnostic-style", "llvm",
    ]
  }

  /// Builds the SDK for `platform` in `cache`, or finds it there built by an earlier run with
  /// the same compiler and stand-in sources.
  ///
  /// - Parameters:
  ///   - platform: The platform.
  ///   - floor: Its deployment target.
  ///   - cache: The folder for this compiler and these sources.
  ///   - toolchain: The toolchain.
  /// - Returns: The SDK.
  /// - Throws: ``Failure`` if a module cannot be built.
  static func build(
    for platform: ApplePlatform, floor: String, in cache: URL, toolchain: Toolchain
  ) throws(Failure) -> StandInSDK {
    let triple = platform.triple(floor)
    let finished = cache.appendingPathComponent(triple)
    let clangModuleCache = cache.appendingPathComponent("clang-module-cache")
    let manager = FileManager.default
    if let pruned = readPruned(finished) {
      return StandInSDK(
        platform: platform, triple: triple, modules: finished,
        root: finished.appendingPathComponent("sdk"), clangModuleCache: clangModuleCache,
        pruned: pruned)
    }
    // Built aside and moved into place when complete, so that a run that stops half-way, or
    // two runs at once, never leave a half-built SDK where the next run looks.
    let building = cache.appendingPathComponent("\(triple).building-\(getpid())")
    try? manager.removeItem(at: building)
    do {
      try manager.createDirectory(
        at: building.appendingPathComponent("interfaces"), withIntermediateDirectories: true)
    } catch { throw Failure("cannot create \(building.path): \(error)") }

    var sdk = StandInSDK(
      platform: platform, triple: triple, modules: building,
      root: building.appendingPathComponent("sdk"), clangModuleCache: clangModuleCache,
      pruned: [:])
    do {
      try sdk.fill(floor: floor, toolchain: toolchain)
    } catch {
      try? manager.removeItem(at: building)
      throw error
    }
    do {
      try writePruned(sdk.pruned, to: building)
      try? manager.removeItem(at: finished)
      try manager.moveItem(at: building, to: finished)
    } catch {
      try? manager.removeItem(at: building)
      if readPruned(finished) == nil { throw Failure("cannot finish \(finished.path): \(error)") }
    }
    sdk.modules = finished
    sdk.root = finished.appendingPathComponent("sdk")
    return sdk
  }

  /// Builds every module of the SDK into its folder.
  ///
  /// - Parameters:
  ///   - floor: The platform's deployment target.
  ///   - toolchain: The toolchain.
  /// - Throws: ``Failure`` if a module cannot be built.
  mutating func fill(floor: String, toolchain: Toolchain) throws(Failure) {
    try Self.makeRoot(root, platform: platform, floor: floor)
    for name in StandIns.rebuiltModules {
      var text = try read(toolchain.interface(of: name))
      text = retarget(text, from: toolchain.linuxTriple, to: triple)
      if name == "Synchronization" {
        // Linux's Mutex calls a shim that the Linux C headers define; declared here so that the
        // interface compiles. (Darwin's Mutex uses os_unfair_lock instead.)
        text += "\n@usableFromInline internal func _swift_stdlib_gettid() -> Swift.UInt32\n"
      }
      try compile(interface: text, named: name, toolchain: toolchain)
      if name == "RegexBuilder" {
        // The Darwin overlay stand-in, which Synchronization and what follows import.
        try compile(
          interface: header(triple: triple, module: "Darwin", flags: "")
            + (try read(StandIns.sources.appendingPathComponent("swift/Darwin.swiftinterface"))),
          named: "Darwin", toolchain: toolchain)
      }
      if name == "Synchronization" {
        for module in StandIns.synthesizedModules {
          let text = try synthesize(module, triple: triple, toolchain: toolchain)
          pruned[module.name] = try pruneAndCompile(
            interface: text, named: module.name, toolchain: toolchain)
        }
      }
    }
    // Testing's Foundation overlay, which the compiler imports where a file imports both.
    let overlay = "_Testing_Foundation"
    var overlayText = retarget(
      try read(toolchain.interface(of: overlay)), from: toolchain.linuxTriple, to: triple)
    for part in StandIns.foundationParts {
      overlayText = replacingQualifier("\(part).", with: "Foundation.", in: overlayText)
    }
    try compile(interface: overlayText, named: overlay, toolchain: toolchain)
    let crossImport = modules.appendingPathComponent("Testing.swiftcrossimport")
    do {
      try FileManager.default.createDirectory(at: crossImport, withIntermediateDirectories: true)
      try "version: 1\nmodules:\n- name: \(overlay)\n".write(
        to: crossImport.appendingPathComponent("Foundation.swiftoverlay"), atomically: true,
        encoding: .utf8)
    } catch {
      throw Failure("cannot write \(crossImport.path): \(error)")
    }
  }

  /// Makes the SDK's root folder, which the compiler takes as `-sdk`: the stub headers
  /// (`usr/include`, a link to Scripts/apple-sdk/usr/include), an empty `usr/lib/swift` (the
  /// modules are in the SDK's own folder), and `SDKSettings.json` with the platform's version
  /// and the map from iOS versions to visionOS ones, by which the compiler reads the
  /// `@available(iOS …)` of a declaration without a visionOS version.
  ///
  /// - Parameters:
  ///   - root: The folder.
  ///   - platform: The platform.
  ///   - floor: Its deployment target, which is also the SDK's version.
  /// - Throws: ``Failure`` if the folder cannot be made.
  static func makeRoot(_ root: URL, platform: ApplePlatform, floor: String) throws(Failure) {
    let manager = FileManager.default
    do {
      try manager.createDirectory(
        at: root.appendingPathComponent("usr/lib/swift"), withIntermediateDirectories: true)
      try manager.createSymbolicLink(
        at: root.appendingPathComponent("usr/include"),
        withDestinationURL: StandIns.sources.appendingPathComponent("usr/include"))
      let mapFile = StandIns.sources.appendingPathComponent("SDKSettings-VersionMap.json")
      let map = try JSONSerialization.jsonObject(with: Data(contentsOf: mapFile))
      var settings = map as? [String: Any] ?? [:]
      settings["Version"] = floor
      settings["MaximumDeploymentTarget"] = "99.99"
      settings["CanonicalName"] = "\(platform.rawValue.lowercased())\(floor)"
      try JSONSerialization.data(withJSONObject: settings, options: [.sortedKeys])
        .write(to: root.appendingPathComponent("SDKSettings.json"))
    } catch {
      throw Failure("cannot make the SDK root \(root.path): \(error)")
    }
  }

  /// Compiles a module from its textual interface into the SDK.
  ///
  /// - Parameters:
  ///   - interface: The interface's text.
  ///   - name: The module's name.
  ///   - toolchain: The toolchain.
  /// - Throws: ``Failure`` with the compiler's errors if it does not compile.
  func compile(interface: String, named name: String, toolchain: Toolchain) throws(Failure) {
    let result = compileInterface(interface, named: name, toolchain: toolchain)
    guard result.status == 0 else {
      throw Failure("\(name) does not compile for \(triple):\n\(errorLines(result.output))")
    }
  }

  /// Compiles an interface and returns what the compiler said.
  ///
  /// - Parameters:
  ///   - interface: The interface's text.
  ///   - name: The module's name.
  ///   - toolchain: The toolchain.
  /// - Returns: The compiler's exit status and output.
  func compileInterface(_ interface: String, named name: String, toolchain: Toolchain) -> Completed
  {
    let file = modules.appendingPathComponent("interfaces/\(name).swiftinterface")
    do { try interface.write(to: file, atomically: true, encoding: .utf8) } catch {
      return Completed(status: 1, output: "cannot write \(file.path): \(error)")
    }
    var arguments = [
      "-frontend", "-compile-module-from-interface", "-module-name", name,
      "-o", modules.appendingPathComponent("\(name).swiftmodule").path, file.path,
      "-resource-dir", toolchain.resources.path, "-I", modules.path,
      "-sdk", root.path, "-Xcc", "-ffreestanding",
      "-module-cache-path", clangModuleCache.path,
      "-no-color-diagnostics", "-diagnostic-style", "llvm",
    ]
    if name == "Swift" { arguments.append("-parse-stdlib") }
    if StandIns.rebuiltModules.contains(name) || name == "_Testing_Foundation" {
      // The interfaces were checked when the toolchain was built, against Linux, where every
      // declaration is available: some inlinable code uses declarations that Apple platforms
      // get later than the code's own availability says. The declarations keep their
      // `@available` attributes, so the package's uses of them are still checked.
      arguments.append("-disable-availability-checking")
    }
    return run(toolchain.tool("swift-frontend"), arguments)
  }
}

/// Reads a text file.
///
/// - Parameter file: The file.
/// - Returns: Its text.
/// - Throws: ``Failure`` if it cannot be read.
func read(_ file: URL) throws(Failure) -> String {
  do { return try String(contentsOf: file, encoding: .utf8) } catch {
    throw Failure("cannot read \(file.path): \(error)")
  }
}

/// A Linux interface's text for an Apple triple.
///
/// - Parameters:
///   - text: The interface.
///   - linuxTriple: The triple it names.
///   - triple: The Apple triple.
/// - Returns: The interface with the target rewritten, Glibc imports replaced by Darwin ones,
///   and `@backDeployed` removed (the Linux interfaces omit the bodies it needs, and it changes
///   nothing about where a declaration may be used).
func retarget(_ text: String, from linuxTriple: String, to triple: String) -> String {
  text.split(separator: "\n", omittingEmptySubsequences: false).compactMap { line in
    let trimmed = line.trimmingCharacters(in: .whitespaces)
    if trimmed.hasPrefix("@backDeployed(") { return nil }
    if line.hasPrefix("// swift-module-flags:") {
      return line.replacingOccurrences(of: "-target \(linuxTriple)", with: "-target \(triple)")
    }
    if trimmed == "import Glibc" || trimmed == "public import Glibc" {
      return line.replacingOccurrences(of: "Glibc", with: "Darwin")
    }
    return String(line)
  }.joined(separator: "\n")
}

/// The first lines of a stand-in interface.
///
/// - Parameters:
///   - triple: The target triple.
///   - module: The module's name.
///   - flags: More module flags.
/// - Returns: The format version and the module flags.
func header(triple: String, module: String, flags: String) -> String {
  """
  // swift-interface-format-version: 1.0
  // swift-module-flags: -target \(triple) -enable-library-evolution -swift-version 5 \
  \(flags) -module-name \(module)
  import Swift

  """
}

/// The lines of a compiler's output that report errors.
///
/// - Parameter output: The output.
/// - Returns: The error lines, at most 40.
func errorLines(_ output: String) -> String {
  output.split(separator: "\n").filter { $0.contains(": error: ") }.prefix(40)
    .joined(separator: "\n")
}

/// What was pruned from the synthesized interfaces of a finished SDK, or `nil` if `folder` is
/// not a finished SDK.
///
/// - Parameter folder: The SDK's folder.
/// - Returns: The pruned declarations by module.
func readPruned(_ folder: URL) -> [String: [String]]? {
  guard let data = try? Data(contentsOf: folder.appendingPathComponent(StandIns.prunedFileName))
  else {
    return nil
  }
  return try? JSONDecoder().decode([String: [String]].self, from: data)
}

/// Records what was pruned, which marks the SDK as finished.
///
/// - Parameters:
///   - pruned: The pruned declarations by module.
///   - folder: The SDK's folder.
/// - Throws: If the file cannot be written.
func writePruned(_ pruned: [String: [String]], to folder: URL) throws {
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
  try encoder.encode(pruned).write(to: folder.appendingPathComponent(StandIns.prunedFileName))
}

// MARK: - Synthesized interfaces

/// The interface of a stand-in module made from Linux modules that ship without one, as text
/// that `-compile-module-from-interface` accepts, before pruning.
///
/// `swift-synthesize-interface` prints a module's public declarations without bodies, the way
/// an editor shows a module. The differences from an interface file are mended here: stored
/// `let`s lose the `{ get }` it prints, subscripts get the accessors it leaves out, enums with a
/// raw type get the `RawRepresentable` members it leaves out, `internal(set)` goes, and the
/// Linux modules' names become the Apple module's. What it cannot print (underscored
/// protocols and attributes) and where Apple's declarations differ from Linux's is in
/// Scripts/apple-sdk/swift/<module>.swiftinterface: its directives (`// remove:`,
/// `// disfavor:`, `// deprecate:`, `// as-struct:`) edit the synthesized text, and its
/// declarations are added.
///
/// - Parameters:
///   - module: The stand-in: its name, the Linux modules it is made of, and its imports.
///   - triple: The target triple.
///   - toolchain: The toolchain.
/// - Returns: The interface.
/// - Throws: ``Failure`` if a module cannot be synthesized.
func synthesize(
  _ module: SynthesizedModule, triple: String,
  toolchain: Toolchain
) throws(Failure) -> String {
  var text = ""
  for part in module.parts {
    // To a file of its own, never a device's name (see `-emit-sil` in `check` for why).
    let output = FileManager.default.temporaryDirectory
      .appendingPathComponent("synthesized-\(part)-\(UUID().uuidString).swiftinterface")
    defer { try? FileManager.default.removeItem(at: output) }
    let printed = run(
      toolchain.tool("swift-synthesize-interface"),
      [
        "-module-name", part, "-target", toolchain.linuxTriple, "-print-fully-qualified-types",
        "-resource-dir", toolchain.resources.path, "-o", output.path,
      ])
    guard printed.status == 0 else {
      throw Failure("swift-synthesize-interface \(part) failed:\n\(printed.output)")
    }
    text += try read(output) + "\n"
  }

  // Module names: the Linux modules that Apple's Foundation is made of are Foundation there.
  var renames = [("Glibc.", "Darwin."), ("SwiftGlibc.", "Darwin.")]
  for part in StandIns.foundationParts + module.parts where part != module.name {
    renames.append(("\(part).", (module.parts.contains(part) ? module.name : "Foundation") + "."))
  }
  for (old, new) in renames { text = replacingQualifier(old, with: new, in: text) }
  if module.name == "XCTest" {
    // The module has a class of its own name, so `XCTest.XCTestCase` would name a member of
    // the class; inside the module the plain names are unambiguous.
    text = replacingQualifier("XCTest.", with: "", in: text)
  }

  let additionsFile = StandIns.sources.appendingPathComponent("swift/\(module.name).swiftinterface")
  let additions =
    FileManager.default.fileExists(atPath: additionsFile.path) ? try read(additionsFile) : ""
  var lines = applyDirectives(in: additions, to: normalize(text))
  lines.append(
    contentsOf: additions.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))

  var result = header(
    triple: triple, module: module.name,
    flags: "-enable-experimental-feature Lifetimes -enable-experimental-feature NonescapableTypes")
  result += "import _Concurrency\nimport _StringProcessing\n"
  for entry in module.imports {
    result +=
      entry.hasPrefix("@_exported ")
      ? "\(entry.replacingOccurrences(of: "@_exported ", with: "@_exported import "))\n"
      : "import \(entry)\n"
  }
  // Comments go: they are the Linux modules' documentation, and a directive left in the text
  // would be mistaken for one the next time.
  result += lines.filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
    .joined(separator: "\n")
  return result
}

/// `text` with the module qualifier `old` (such as `FoundationEssentials.`) replaced by `new`
/// wherever it starts a name.
///
/// - Parameters:
///   - old: The qualifier, with its dot.
///   - new: The replacement.
///   - text: The text.
/// - Returns: The text with the qualifier replaced.
func replacingQualifier(_ old: String, with new: String, in text: String) -> String {
  var result = ""
  var rest = text[...]
  while let range = rest.range(of: old) {
    let before = rest[..<range.lowerBound]
    let startsName =
      before.last.map { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == ".") } ?? true
    let continues = rest[range.upperBound...].first.map { $0.isLetter || $0 == "_" } ?? false
    result += before
    result += startsName && continues ? new : old
    rest = rest[range.upperBound...]
  }
  return result + rest
}

/// The synthesized text as interface lines: imports and documentation dropped, and the
/// printer's omissions mended (see ``synthesize(_:triple:toolchain:)``).
///
/// - Parameter text: What `swift-synthesize-interface` printed.
/// - Returns: The lines.
func normalize(_ text: String) -> [String] {
  var result: [String] = []
  for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
    var line = String(line)
    let trimmed = line.trimmingCharacters(in: .whitespaces)
    if trimmed.hasPrefix("//") || trimmed.hasPrefix("import ")
      || trimmed.hasPrefix("@_exported import ")
    {
      continue
    }
    for modifier in ["internal(set) ", "private(set) ", "fileprivate(set) "] {
      line = line.replacingOccurrences(of: modifier, with: "")
    }
    let words = declarationWords(trimmed)
    if words.contains("let"), line.hasSuffix(" { get }") {
      line.removeLast(" { get }".count)
    }
    if words.contains("subscript"), !line.hasSuffix("}") {
      line += " { get set }"
    }
    result.append(line)
    if words.contains("enum"), trimmed.hasSuffix("{"),
      let rawType = [
        "Swift.Int", "Swift.UInt", "Swift.String", "Swift.Int32", "Swift.UInt32",
        "Swift.Int64", "Swift.UInt64", "Swift.UInt8", "Swift.Int16", "Swift.UInt16",
      ].first(where: {
        trimmed.contains(" : \($0),") || trimmed.contains(" : \($0) {")
      })
    {
      let indent = String(line.prefix { $0 == " " }) + "    "
      result.append("\(indent)public init?(rawValue: \(rawType))")
      result.append("\(indent)public typealias RawValue = \(rawType)")
      result.append("\(indent)public var rawValue: \(rawType) { get }")
    }
  }
  return result
}

/// The words of a declaration's first line before its name's punctuation: its attributes,
/// modifiers and keyword (`["public", "static", "let"]`).
///
/// - Parameter line: The trimmed line.
/// - Returns: The words.
func declarationWords(_ line: String) -> [Substring] {
  let head = line.prefix { $0 != ":" && $0 != "(" && $0 != "<" && $0 != "{" && $0 != "=" }
  return head.split(separator: " ")
}

/// The lines with the directives of an additions file applied.
///
/// - `// remove: <first line>` removes each declaration whose first line is that.
/// - `// disfavor: <start of first line>` marks each declaration whose first line starts so
///   `@_disfavoredOverload`, which `swift-synthesize-interface` does not print.
/// - `// deprecate: <start of first line>` marks each declaration whose first line starts so
///   deprecated, as Apple's SDK has it.
/// - `// as-struct: <first line of an enum>` makes the enum a `RawRepresentable` struct whose
///   cases are static properties, as Apple declares an `NS_ERROR_ENUM`'s codes.
///
/// - Parameters:
///   - additions: The additions file's text.
///   - lines: The interface's lines.
/// - Returns: The edited lines.
func applyDirectives(in additions: String, to lines: [String]) -> [String] {
  var lines = lines
  for directive in additions.split(separator: "\n") {
    let directive = directive.trimmingCharacters(in: .whitespaces)
    func argument(_ name: String) -> String? {
      directive.hasPrefix("// \(name): ") ? String(directive.dropFirst("// \(name): ".count)) : nil
    }
    if let first = argument("remove") {
      while let index = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == first }
      ) {
        lines.removeSubrange(declarationExtent(at: index, in: lines))
      }
    } else if let start = argument("disfavor") {
      for index in lines.indices
      where lines[index].trimmingCharacters(in: .whitespaces).hasPrefix(start) {
        let indent = lines[index].prefix { $0 == " " }
        lines[index] = indent + "@_disfavoredOverload " + lines[index].dropFirst(indent.count)
      }
    } else if let start = argument("deprecate") {
      for index in lines.indices
      where lines[index].trimmingCharacters(in: .whitespaces).hasPrefix(start) {
        let indent = lines[index].prefix { $0 == " " }
        lines[index] =
          indent + "@available(*, deprecated, message: \"deprecated on Apple platforms\") "
          + lines[index].dropFirst(indent.count)
      }
    } else if let first = argument("as-struct") {
      while let index = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == first }
      ) {
        let extent = declarationExtent(at: index, in: lines)
        let indent = String(lines[index].prefix { $0 == " " })
        let name =
          first.components(separatedBy: "enum ").last?.prefix { $0 != " " && $0 != ":" } ?? ""
        let rawType =
          first.components(separatedBy: " : ").last?.prefix { $0 != "," && $0 != " " } ?? ""
        var replacement = [
          "\(indent)public struct \(name) : "
            + "Swift.RawRepresentable, Swift.Hashable, Swift.Sendable {",
          "\(indent)    public init(rawValue: \(rawType))",
          "\(indent)    public let rawValue: \(rawType)",
        ]
        for line in lines[extent] {
          let words = line.trimmingCharacters(in: .whitespaces).split(separator: " ")
          if words.count == 2, words[0] == "case" {
            replacement.append("\(indent)    public static var \(words[1]): Self { get }")
          }
        }
        replacement.append("\(indent)}")
        lines.replaceSubrange(extent, with: replacement)
      }
    }
  }
  return lines
}

/// The lines of the declaration that starts at `index`: its attribute lines above it, and its
/// body's lines down to the closing brace.
///
/// - Parameters:
///   - index: The declaration's first line (after its attributes).
///   - lines: The interface's lines.
/// - Returns: The range of lines.
func declarationExtent(at index: Int, in lines: [String]) -> Range<Int> {
  var start = index
  while start > 0, isAttributeLine(lines[start - 1]) { start -= 1 }
  var depth = braceBalance(lines[index])
  var end = index
  while depth > 0, end + 1 < lines.count {
    end += 1
    depth += braceBalance(lines[end])
  }
  return start..<(end + 1)
}

/// Whether `line` holds only attributes, such as `@available(macOS 12, *)`.
///
/// - Parameter line: The line.
/// - Returns: Whether it does.
func isAttributeLine(_ line: String) -> Bool {
  var rest = Substring(line.trimmingCharacters(in: .whitespaces))
  guard rest.first == "@" else { return false }
  while let first = rest.first {
    guard first == "@" else { return false }
    rest = rest.dropFirst().drop { $0.isLetter || $0.isNumber || $0 == "_" }
    if rest.first == "(" {
      var depth = 0
      var inString = false
      while let character = rest.first {
        rest = rest.dropFirst()
        if character == "\"" { inString.toggle() }
        if inString { continue }
        if character == "(" { depth += 1 }
        if character == ")" {
          depth -= 1
          if depth == 0 { break }
        }
      }
    }
    rest = rest.drop { $0 == " " }
  }
  return true
}

/// The number of `{` minus the number of `}` on a line, outside string literals.
///
/// - Parameter line: The line.
/// - Returns: The balance.
func braceBalance(_ line: String) -> Int {
  var balance = 0
  var inString = false
  var escaped = false
  for character in line {
    if escaped {
      escaped = false
    } else if character == "\\" {
      escaped = inString
    } else if character == "\"" {
      inString.toggle()
    } else if !inString {
      if character == "{" { balance += 1 }
      if character == "}" { balance -= 1 }
    }
  }
  return balance
}

// MARK: - Pruning

/// A compiler diagnostic: where, how severe, and what.
struct Diagnostic: Sendable {
  /// The file.
  var file: String
  /// The line, from 1.
  var line: Int
  /// `error`, `warning` or `note`.
  var severity: String
  /// The message.
  var message: String

  /// Parses a line `file:line:column: severity: message`.
  ///
  /// - Parameter text: The line.
  init?(_ text: Substring) {
    let parts = text.split(separator: ":", maxSplits: 4, omittingEmptySubsequences: false)
    guard parts.count == 5, let line = Int(parts[1]), Int(parts[2]) != nil else { return nil }
    let severity = parts[3].trimmingCharacters(in: .whitespaces)
    guard ["error", "warning", "note"].contains(severity) else { return nil }
    self.file = String(parts[0])
    self.line = line
    self.severity = severity
    self.message = parts[4].trimmingCharacters(in: .whitespaces)
  }
}

extension StandInSDK {
  /// Compiles a synthesized interface, removing what does not compile for the Apple triple
  /// until the rest does.
  ///
  /// Each pass compiles the interface and, for each error in it, removes the declaration the
  /// error is in (a member, or a whole type or extension when the error is in its first line).
  /// Redeclarations go first, alone: the merged Foundation declares a few names in two of its
  /// Linux modules, and the uses of such a name are ambiguous only until one goes. Three kinds
  /// of error are the printer's, not Linux's, and are mended instead: an `override` of a
  /// member the Linux superclass does not show, and a property printed without accessors where
  /// only a computed one is allowed.
  ///
  /// - Parameters:
  ///   - interface: The interface's text.
  ///   - name: The module's name.
  ///   - toolchain: The toolchain.
  /// - Returns: The first line of each declaration removed.
  /// - Throws: ``Failure`` if it still does not compile after 20 passes, or fails without an
  ///   error in a declaration.
  func pruneAndCompile(interface: String, named name: String, toolchain: Toolchain)
    throws(Failure) -> [String]
  {
    var lines = interface.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let firstDeclarationLine =
      (lines.firstIndex {
        !$0.hasPrefix("//") && !$0.hasPrefix("import ") && !$0.hasPrefix("@_exported import ")
          && !$0.isEmpty
      } ?? 0) + 1
    let file = modules.appendingPathComponent("interfaces/\(name).swiftinterface").path
    var removed: [String] = []
    for _ in 0..<20 {
      let result = compileInterface(
        lines.joined(separator: "\n"), named: name, toolchain: toolchain)
      if result.status == 0 { return removed }
      var errors = result.output.split(separator: "\n").compactMap(Diagnostic.init).filter {
        $0.severity == "error" && $0.file == file && $0.line >= firstDeclarationLine
          && $0.line <= lines.count
      }
      guard !errors.isEmpty else {
        throw Failure("\(name) does not compile for \(triple):\n\(errorLines(result.output))")
      }
      if errors.contains(where: { $0.message.hasPrefix("invalid redeclaration") }) {
        errors.removeAll { !$0.message.hasPrefix("invalid redeclaration") }
      }
      var doomed = IndexSet()
      for error in errors {
        let index = error.line - 1
        let storedProperty = [
          "cannot override with a stored property", "class stored properties not supported",
          "extensions must not contain stored properties",
          "stored properties cannot be marked potentially unavailable",
          "attribute cannot be applied to stored properties",
        ]
        if error.message.contains("does not override")
          || error.message.contains("overrides nothing"),
          let range = lines[index].range(of: "override ")
        {
          lines[index].removeSubrange(range)
        } else if storedProperty.contains(where: error.message.contains),
          !lines[index].contains("{")
        {
          lines[index] += " { get set }"
        } else {
          doomed.insert(integersIn: declarationExtent(at: index, in: lines))
        }
      }
      for index in doomed {
        let line = lines[index].trimmingCharacters(in: .whitespaces)
        if !line.isEmpty, line != "}" { removed.append(line) }
      }
      for index in doomed.reversed() { lines.remove(at: index) }
    }
    throw Failure("\(name) still does not compile for \(triple) after 20 passes of pruning")
  }
}

// MARK: - The package's targets

/// How one target fared on one platform.
struct TargetOutcome: Sendable {
  /// Type-checked with no error and no warning.
  static let passed = "passed"

  /// The target's name.
  var target: String
  /// `passed`, `failed`, or `not checked` (a dependency failed).
  var verdict: String
  /// The compiler's errors and warnings, with their notes and source lines.
  var diagnostics: String
  /// How long the compiler took.
  var seconds: Double
}

extension StandInSDK {
  /// Type-checks every Swift target of `package` against this SDK, each after the targets it
  /// depends on, whose modules it imports.
  ///
  /// Each target is compiled as SwiftPM compiles it in a debug build (`-DDEBUG -DSWIFT_PACKAGE
  /// -enable-testing`, its language mode and defines, `-parse-as-library` unless it has a
  /// `main.swift`), whole-module and through SIL, so that the diagnostics that come after type
  /// checking (region-based isolation, say) are made too. Libraries and executables emit
  /// modules for the targets that depend on them; nothing is code-generated.
  ///
  /// - Parameters:
  ///   - package: The package.
  ///   - toolchain: The toolchain.
  ///   - scratch: A folder for the modules and module maps.
  /// - Returns: Each Swift target's outcome.
  func check(_ package: Package, toolchain: Toolchain, scratch: URL) -> [TargetOutcome] {
    var clangArguments: [String] = []
    for target in package.targets where target.isClang {
      let include = target.folder.appendingPathComponent("include")
      let umbrella = include.appendingPathComponent("\(target.moduleName).h")
      let map = scratch.appendingPathComponent("\(target.moduleName).modulemap")
      let body =
        FileManager.default.fileExists(atPath: umbrella.path)
        ? "umbrella header \"\(umbrella.path)\"" : "umbrella \"\(include.path)\""
      try? "module \(target.moduleName) {\n  \(body)\n  export *\n}\n".write(
        to: map, atomically: true, encoding: .utf8)
      clangArguments += ["-Xcc", "-fmodule-map-file=\(map.path)", "-Xcc", "-I\(include.path)"]
    }

    var failed: Set<String> = []
    var outcomes: [TargetOutcome] = []
    for target in package.targets where !target.isClang {
      if let broken = target.dependencies.first(where: failed.contains) {
        failed.insert(target.name)
        outcomes.append(
          TargetOutcome(
            target: target.name, verdict: "not checked",
            diagnostics: "it depends on \(broken), which failed", seconds: 0))
        continue
      }
      let outcome = typecheck(
        target, as: .debug, package: package, toolchain: toolchain, scratch: scratch,
        clangArguments: clangArguments)
      if outcome.verdict != TargetOutcome.passed { failed.insert(target.name) }
      outcomes.append(outcome)
    }
    // What a release build compiles and a debug build does not: the other half of each
    // `#if DEBUG`. Only libraries are built in release by their users, and only the ones that
    // name DEBUG in a condition compile anything else there; each is checked against the
    // modules of the debug pass.
    for target in package.targets
    where target.kind == .library && !target.isClang && !failed.contains(target.name)
      && target.namesDebugCondition
    {
      outcomes.append(
        typecheck(
          target, as: .release, package: package, toolchain: toolchain, scratch: scratch,
          clangArguments: clangArguments))
    }
    return outcomes
  }
}

/// The configuration a target is type-checked in.
enum BuildConfiguration: Sendable {
  /// As `swift build` compiles it: `DEBUG` defined, `-enable-testing`.
  case debug
  /// As `swift build -c release` compiles it: neither.
  case release
}

extension StandInSDK {
  /// Type-checks one Swift target, with the diagnostics of SIL generation, against this SDK.
  ///
  /// - Parameters:
  ///   - target: The target.
  ///   - configuration: Debug (which also emits the module its dependents import) or release.
  ///   - package: The package.
  ///   - toolchain: The toolchain.
  ///   - scratch: Where modules and outputs go.
  ///   - clangArguments: The arguments that make the package's C modules importable.
  /// - Returns: The outcome; a release check is named `Target (release)`.
  func typecheck(
    _ target: Target, as configuration: BuildConfiguration, package: Package,
    toolchain: Toolchain, scratch: URL, clangArguments: [String]
  ) -> TargetOutcome {
    var sources = target.sources.filter { $0.pathExtension == "swift" }
    var arguments =
      arguments(toolchain) + clangArguments + [
        "-module-name", target.moduleName, "-swift-version", target.languageMode,
        "-package-name", package.folder.lastPathComponent.lowercased(),
        "-I", scratch.path, "-Onone", "-wmo", "-DSWIFT_PACKAGE",
      ]
    if configuration == .debug { arguments += ["-enable-testing", "-DDEBUG"] }
    arguments += target.defines.map { "-D\($0)" }
    if target.kind != .executable
      || !sources.contains(where: { $0.lastPathComponent == "main.swift" })
    {
      arguments.append("-parse-as-library")
    }
    if target.hasResources {
      // What SwiftPM generates for a target with resources: `Bundle.module`.
      let accessor = scratch.appendingPathComponent("\(target.moduleName)+Bundle.module.swift")
      try? """
      import Foundation

      extension Foundation.Bundle {
        static let module: Bundle = Bundle.main
      }

      """.write(to: accessor, atomically: true, encoding: .utf8)
      sources.append(accessor)
    } else {
      arguments.append("-DSWIFT_MODULE_RESOURCE_BUNDLE_UNAVAILABLE")
    }
    // The debug pass emits the module that dependents import; the release pass only checks.
    if target.kind != .test && configuration == .debug {
      arguments += [
        "-emit-module", "-emit-module-path",
        scratch.appendingPathComponent("\(target.moduleName).swiftmodule").path,
      ]
    }
    // Not `-o /dev/null`: the driver deletes the outputs of a job that fails, and run as root
    // (as CI may be) it deleted `/dev/null` itself, which every later step then wrote to as a
    // regular file (ApplePlatformCheckTests checks that it no longer does).
    let suffix = configuration == .debug ? "" : "-release"
    let sil = scratch.appendingPathComponent("\(target.moduleName)\(suffix).sil")
    arguments += ["-emit-sil", "-o", sil.path]
    let started = Date()
    let result = run(toolchain.tool("swiftc"), arguments + sources.map(\.path))
    let seconds = Date().timeIntervalSince(started)
    let diagnostics = reportedDiagnostics(result.output, package: package)
    let clean = result.status == 0 && diagnostics.isEmpty
    return TargetOutcome(
      target: configuration == .debug ? target.name : "\(target.name) (release)",
      verdict: clean ? TargetOutcome.passed : "failed",
      diagnostics: clean ? "" : (diagnostics.isEmpty ? result.output : diagnostics),
      seconds: seconds)
  }
}

extension Target {
  /// Whether a Swift source of the target names `DEBUG` in an `#if` or `#elseif`, so that a
  /// release build compiles something a debug build does not.
  var namesDebugCondition: Bool {
    sources.contains { file in
      guard file.pathExtension == "swift",
        let text = try? String(contentsOf: file, encoding: .utf8)
      else { return false }
      return text.split(separator: "\n").contains { line in
        let code = line.drop { $0 == " " || $0 == "\t" }
        guard code.hasPrefix("#if ") || code.hasPrefix("#elseif ") else { return false }
        return code.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") })
          .contains("DEBUG")
      }
    }
  }
}

/// The compiler's output if it holds an error or a warning, with paths inside the package
/// made relative to it; otherwise an empty string.
///
/// - Parameters:
///   - output: The compiler's output.
///   - package: The package.
/// - Returns: The diagnostics, or an empty string if there are none.
func reportedDiagnostics(_ output: String, package: Package) -> String {
  let reported = output.split(separator: "\n").contains {
    $0.contains(": error: ") || $0.contains(": warning: ") || $0.hasPrefix("error: ")
  }
  guard reported else { return "" }
  // The driver's note that the stub headers are not an SDK with a version is not the package's.
  return output.split(separator: "\n", omittingEmptySubsequences: false)
    .filter { !$0.hasPrefix("warning: Could not read SDKSettings.json") }
    .joined(separator: "\n")
    .replacingOccurrences(of: package.folder.path + "/", with: "")
}

// MARK: - C objects

extension StandInSDK {
  /// Compiles every C file and header of the package's C targets for this SDK's triple and
  /// reads their objects' symbols.
  ///
  /// Apple's linker refuses a symbol that nothing it links defines, even one declared weak;
  /// only a sanitizer build links the sanitizer's runtime. So an undefined weak symbol, or any
  /// undefined sanitizer symbol (`__tsan_`, `__asan_`, …), in an object compiled without a
  /// sanitizer is a link error on Apple platforms, for every app that links the package.
  /// Headers are compiled on their own with `-femit-all-decls`, which emits their `static
  /// inline` functions: what Swift emits for the ones it calls.
  ///
  /// - Parameters:
  ///   - package: The package.
  ///   - toolchain: The toolchain.
  ///   - scratch: A folder for the objects.
  /// - Returns: One line per problem, naming the file and the symbol.
  func checkCObjects(_ package: Package, toolchain: Toolchain, scratch: URL) -> [String] {
    var problems: [String] = []
    for target in package.targets where target.isClang {
      let include = target.folder.appendingPathComponent("include")
      var files = target.sources.filter { ["c", "m"].contains($0.pathExtension) }
      if let headers = FileManager.default.enumerator(at: include, includingPropertiesForKeys: nil)
      {
        for case let header as URL in headers where header.pathExtension == "h" {
          files.append(header)
        }
      }
      for (number, file) in files.enumerated() {
        let object = scratch.appendingPathComponent("\(target.moduleName)-\(number).o")
        let relative = file.path.replacingOccurrences(of: package.folder.path + "/", with: "")
        let compiled = run(
          toolchain.tool("clang"),
          [
            "-target", triple, "-isysroot", root.path, "-ffreestanding", "-femit-all-decls",
            "-fno-color-diagnostics", "-I", include.path, "-x", "c", "-c", file.path,
            "-o", object.path,
          ])
        guard compiled.status == 0 else {
          problems.append("\(relative): does not compile for \(triple):\n\(compiled.output)")
          continue
        }
        let symbols = run(toolchain.tool("llvm-nm"), ["-m", object.path])
        for line in symbols.output.split(separator: "\n") where line.contains("(undefined)") {
          guard let symbol = line.split(separator: " ").last else { continue }
          let name = symbol.hasPrefix("_") ? symbol.dropFirst() : symbol
          let sanitizer = ["__tsan_", "__asan_", "__msan_", "__ubsan_", "__lsan_", "__hwasan_"]
            .contains { name.hasPrefix($0) }
          if line.contains("weak") {
            problems.append(
              "\(relative): undefined weak symbol \(name) (Apple's linker refuses it)")
          } else if sanitizer {
            problems.append(
              "\(relative): undefined sanitizer symbol \(name) outside a sanitizer build")
          }
        }
      }
    }
    return problems
  }
}

// MARK: - The check

/// What one platform's check found.
struct PlatformReport: Sendable {
  /// The platform.
  var platform: ApplePlatform
  /// The report's text.
  var text: String
  /// Whether everything passed.
  var passed: Bool
}

/// Builds (or finds) the platform's SDK, type-checks every target against it and checks the C
/// objects.
///
/// - Parameters:
///   - platform: The platform.
///   - package: The package.
///   - toolchain: The toolchain.
///   - cache: The folder of the SDKs for this compiler and these stand-in sources.
///   - verbose: Whether to list what was pruned from the synthesized interfaces.
/// - Returns: The report.
func check(
  _ platform: ApplePlatform, package: Package, toolchain: Toolchain, cache: URL, verbose: Bool
) -> PlatformReport {
  let floor = package.floors[platform.manifestName] ?? platform.defaultFloor
  let started = Date()
  let sdk: StandInSDK
  do {
    sdk = try StandInSDK.build(for: platform, floor: floor, in: cache, toolchain: toolchain)
  } catch {
    return PlatformReport(
      platform: platform, text: "== \(platform.rawValue): the stand-in SDK failed: \(error)",
      passed: false)
  }
  var lines = [
    "== \(platform.rawValue) (\(sdk.triple)): stand-in SDK ready in \(seconds(since: started))"
  ]
  let pruned = sdk.pruned.keys.sorted().map { "\($0) \(sdk.pruned[$0]?.count ?? 0)" }
  lines.append(
    "   declarations pruned from the synthesized interfaces: \(pruned.joined(separator: ", "))")
  if verbose {
    for module in sdk.pruned.keys.sorted() {
      for declaration in sdk.pruned[module] ?? [] { lines.append("     \(module): \(declaration)") }
    }
  }

  let scratch = FileManager.default.temporaryDirectory
    .appendingPathComponent("check-apple-platforms-\(getpid())-\(platform.rawValue)")
  try? FileManager.default.removeItem(at: scratch)
  try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: scratch) }

  var passed = true
  for outcome in sdk.check(package, toolchain: toolchain, scratch: scratch) {
    let name = outcome.target.padding(toLength: 28, withPad: " ", startingAt: 0)
    lines.append("   \(name) \(outcome.verdict) (\(String(format: "%.1f", outcome.seconds)) s)")
    if outcome.verdict != TargetOutcome.passed {
      passed = false
      lines.append(outcome.diagnostics)
    }
  }
  let problems = sdk.checkCObjects(package, toolchain: toolchain, scratch: scratch)
  let clangTargets = package.targets.filter(\.isClang).map(\.name)
  let objects = clangTargets.isEmpty ? "no C target" : clangTargets.joined(separator: ", ")
  if problems.isEmpty {
    lines.append("   C objects of \(objects): no undefined weak or sanitizer symbol")
  } else {
    passed = false
    lines += problems.map { "   error: \($0)" }
  }
  lines.append(
    "   \(platform.rawValue): \(passed ? "passed" : "FAILED") in \(seconds(since: started))")
  return PlatformReport(platform: platform, text: lines.joined(separator: "\n"), passed: passed)
}

/// The time since `start`, such as `41 s`.
///
/// - Parameter start: The start.
/// - Returns: The duration.
func seconds(since start: Date) -> String {
  "\(Int(Date().timeIntervalSince(start).rounded())) s"
}

/// A name for what the rebuilt modules depend on: the compiler's version, this script and the
/// stand-in sources (FNV-1a over their bytes).
///
/// - Parameter toolchain: The toolchain.
/// - Returns: A hexadecimal name.
func cacheKey(_ toolchain: Toolchain) -> String {
  var hash: UInt64 = 0xcbf2_9ce4_8422_2325
  func add(_ bytes: some Sequence<UInt8>) {
    for byte in bytes {
      hash ^= UInt64(byte)
      hash &*= 0x100_0000_01b3
    }
  }
  add(toolchain.version.utf8)
  add((try? Data(contentsOf: URL(fileURLWithPath: #filePath))) ?? Data())
  let files = FileManager.default.enumerator(at: StandIns.sources, includingPropertiesForKeys: nil)
  let paths = (files?.allObjects as? [URL] ?? []).map(\.path).sorted()
  for path in paths {
    add(path.utf8)
    add((try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data())
  }
  return String(hash, radix: 16)
}

/// Runs the check as the command line asks and returns the exit status.
///
/// - Returns: 0 if every platform passed, 1 if one failed, 2 if the check could not run.
func main() async -> Int32 {
  let options: Options
  switch Options.parse(Array(CommandLine.arguments.dropFirst())) {
  case .success(let parsed): options = parsed
  case .failure(let failure):
    print("error: \(failure)")
    return 2
  }
  let toolchain: Toolchain
  let package: Package
  do {
    toolchain = try Toolchain.find()
    package = try Package.read(at: options.package, toolchain: toolchain)
  } catch {
    print("error: \(error)")
    return 2
  }
  let cacheRoot = options.cache ?? package.folder.appendingPathComponent(".build/apple-sdk")
  let key = cacheKey(toolchain)
  let cache = cacheRoot.appendingPathComponent(key)
  // SDKs of other compilers or other stand-in sources are of no further use.
  for stale in (try? FileManager.default.contentsOfDirectory(atPath: cacheRoot.path)) ?? []
  where stale != key {
    try? FileManager.default.removeItem(at: cacheRoot.appendingPathComponent(stale))
  }
  try? FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)

  print(
    "Type-checking \(package.name) for \(options.platforms.map(\.rawValue).joined(separator: ", "))"
      + " against a stand-in SDK (\(toolchain.version))")
  let reports = await withTaskGroup(of: PlatformReport.self) { group in
    for platform in options.platforms {
      group.addTask {
        check(
          platform, package: package, toolchain: toolchain, cache: cache, verbose: options.verbose)
      }
    }
    var reports: [PlatformReport] = []
    for await report in group { reports.append(report) }
    return reports
  }
  var failed: [String] = []
  for platform in options.platforms {
    guard let report = reports.first(where: { $0.platform == platform }) else { continue }
    print(report.text)
    if !report.passed { failed.append(platform.rawValue) }
  }
  let platforms = options.platforms.map(\.rawValue).joined(separator: ", ")
  if failed.isEmpty {
    print("Apple platforms: every target type-checks for \(platforms)")
    return 0
  }
  print("error: the check failed for \(failed.joined(separator: ", "))")
  return 1
}

exit(await main())
