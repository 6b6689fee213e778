// Sample 003: a repository's events, fetched with conditional requests (`ETag` and
// `If-None-Match`, so an unchanged feed costs a 304), transformed with `map`, `flatMap` and
// `filter`, and shared with `share(replay: 1)` so that several views make one request.
//
// Written as the articles write it for RxSwift 6; only the import differs.

import Foundation
import ObservableCore

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

struct RepositoryEvent: Decodable, Equatable {
  struct Actor: Decodable, Equatable {
    let login: String
  }

  let id: String
  let type: String
  let actor: Actor
}

final class EventsService {
  private let baseURL: URL
  private let session = URLSession(configuration: .ephemeral)
  private var lastModified: [String: String] = [:]
  private var cached: [String: [RepositoryEvent]] = [:]
  /// How many answers were 304 Not Modified.
  private(set) var notModifiedCount = 0

  init(baseURL: URL) {
    self.baseURL = baseURL
  }

  func events(repository: String) -> Observable<[RepositoryEvent]> {
    Observable.just(repository)
      .map { self.baseURL.appendingPathComponent("repos/\($0)/events") }
      .map { url -> URLRequest in
        var request = URLRequest(url: url)
        if let etag = self.lastModified[url.path] {
          request.setValue(etag, forHTTPHeaderField: "If-None-Match")
        }
        return request
      }
      .flatMap { request in self.response(for: request) }
  }

  private func response(for request: URLRequest) -> Observable<[RepositoryEvent]> {
    Observable.create { observer in
      let task = self.session.dataTask(with: request) { data, response, error in
        guard let response = response as? HTTPURLResponse, let url = request.url else {
          observer.onError(error ?? APIError.noData)
          return
        }
        if response.statusCode == 304 {
          self.notModifiedCount += 1
          observer.onNext(self.cached[url.path] ?? [])
          observer.onCompleted()
          return
        }
        guard (200..<300).contains(response.statusCode), let data = data else {
          observer.onError(APIError.badStatus(response.statusCode))
          return
        }
        do {
          let events = try JSONDecoder().decode([RepositoryEvent].self, from: data)
          if let etag = response.value(forHTTPHeaderField: "ETag") {
            self.lastModified[url.path] = etag
            self.cached[url.path] = events
          }
          observer.onNext(events)
          observer.onCompleted()
        } catch {
          observer.onError(error)
        }
      }
      task.resume()
      return Disposables.create { task.cancel() }
    }
  }
}

final class ActivityViewController: UIViewController {
  let stargazersLabel = UILabel()
  let countLabel = UILabel()
  private(set) var renders = 0
  private let disposeBag = DisposeBag()

  /// Two views read one shared request.
  func bind(events: Observable<[RepositoryEvent]>) {
    let stars =
      events
      .map { events in events.filter { $0.type == "WatchEvent" } }
      .filter { !$0.isEmpty }
      .share(replay: 1)

    stars
      .map { Set($0.map { $0.actor.login }).sorted().joined(separator: ", ") }
      .observe(on: MainScheduler.instance)
      .subscribe(onNext: { [weak self] names in
        self?.stargazersLabel.text = names
        self?.renders += 1
      })
      .disposed(by: disposeBag)

    stars
      .map { "\($0.count) new stars" }
      .observe(on: MainScheduler.instance)
      .subscribe(onNext: { [weak self] text in
        self?.countLabel.text = text
        self?.renders += 1
      })
      .disposed(by: disposeBag)
  }
}
