import Foundation
import TestProcessSupport

/// The executable product `name`, which the build puts next to the test bundle, or `nil` if it
/// was not built.
///
/// The test target depends on the executables it runs, so that `swift test` builds them first.
func builtExecutable(named name: String) -> URL? {
  BuildProducts.executable(named: name)
}
