// bridge-demo: RxSwift-style Observables and async/await side by side, against GitHub's REST
// API or, by default, a replay server with recorded responses. See `bridge-demo --help`.

import Foundation

let status = await BridgeDemo.run(
  Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
exit(status)
