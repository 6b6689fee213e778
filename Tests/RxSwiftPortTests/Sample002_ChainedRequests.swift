// Sample 002: chained requests with `concat`, retried with `retry(2)` when one of them fails.
//
// Written as the articles write it for RxSwift 6; only the import differs.

import ObservableCore

final class ProfileLoader {
  private let api: GitHubAPI
  private(set) var attempts = 0

  init(api: GitHubAPI) {
    self.api = api
  }

  /// The user's name, then the repository's, in that order; the whole chain is tried at most
  /// twice.
  func load(user: String, owner: String, repository: String) -> Observable<String> {
    let steps = Observable.concat([
      api.user(user).map { "user: \($0.login)" },
      api.repository(owner: owner, name: repository).map { "repository: \($0.fullName)" },
    ])
    return
      steps
      .do(onSubscribe: { self.attempts += 1 })
      .retry(2)
  }
}
