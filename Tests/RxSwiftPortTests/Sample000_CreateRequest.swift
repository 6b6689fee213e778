// Sample 000: wrapping a URLSession request in `Observable.create`, so that the request starts
// when someone subscribes and is cancelled when the subscription is disposed.
//
// Written as the articles write it for RxSwift 6; only the import differs.

import Foundation
import ObservableCore

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

struct Repository: Decodable, Equatable {
  let id: Int
  let name: String
  let fullName: String
  let stargazersCount: Int

  enum CodingKeys: String, CodingKey {
    case id, name
    case fullName = "full_name"
    case stargazersCount = "stargazers_count"
  }
}

struct GitHubUser: Decodable, Equatable {
  let login: String
  let name: String?
}

enum APIError: Error, Equatable {
  case badStatus(Int)
  case noData
}

final class GitHubAPI {
  let baseURL: URL
  let session: URLSession
  /// How many requests this API object started; the samples' tests read it.
  var requestCount = 0

  init(baseURL: URL, session: URLSession = URLSession(configuration: .ephemeral)) {
    self.baseURL = baseURL
    self.session = session
  }

  /// A cold request: nothing is sent until subscription, and disposing cancels the task.
  func get<T: Decodable>(_ path: String, as type: T.Type) -> Observable<T> {
    let request = URLRequest(url: baseURL.appendingPathComponent(path))
    return Observable.create { observer in
      self.requestCount += 1
      let task = self.session.dataTask(with: request) { data, response, error in
        if let error = error {
          observer.onError(error)
          return
        }
        guard let http = response as? HTTPURLResponse else {
          observer.onError(APIError.noData)
          return
        }
        guard (200..<300).contains(http.statusCode) else {
          observer.onError(APIError.badStatus(http.statusCode))
          return
        }
        guard let data = data else {
          observer.onError(APIError.noData)
          return
        }
        do {
          observer.onNext(try JSONDecoder().decode(T.self, from: data))
          observer.onCompleted()
        } catch {
          observer.onError(error)
        }
      }
      task.resume()
      return Disposables.create {
        task.cancel()
      }
    }
  }

  func repository(owner: String, name: String) -> Observable<Repository> {
    get("repos/\(owner)/\(name)", as: Repository.self)
  }

  func user(_ login: String) -> Observable<GitHubUser> {
    get("users/\(login)", as: GitHubUser.self)
  }
}

final class RepositoryViewController: UIViewController {
  let nameLabel = UILabel()
  let starsLabel = UILabel()
  let spinner = UIActivityIndicatorView()
  private(set) var repository: Repository?
  private(set) var loadCount = 0
  private var disposeBag = DisposeBag()
  private let api: GitHubAPI

  init(api: GitHubAPI) {
    self.api = api
  }

  func load(owner: String, name: String) {
    spinner.startAnimating()
    api.repository(owner: owner, name: name)
      .observe(on: MainScheduler.instance)
      .do(onNext: { _ in self.loadCount += 1 })
      .subscribe(
        onNext: { [weak self] repository in
          self?.repository = repository
          self?.nameLabel.text = repository.fullName
          self?.starsLabel.text = "★ \(repository.stargazersCount)"
        },
        onError: { [weak self] error in
          self?.nameLabel.text = "Failed: \(error)"
        },
        onDisposed: { [weak self] in
          self?.spinner.stopAnimating()
        }
      )
      .disposed(by: disposeBag)
  }

  /// Leaving the screen: the bag goes, and with it the request.
  func cancel() {
    disposeBag = DisposeBag()
  }
}
