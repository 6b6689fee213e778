// A callback-based networking API wrapped in `Single.create`, as the RxSwift articles on
// networking do, and a service that decodes its responses.

import Foundation
import ObservableCore

protocol CancellableRequest {
  func cancel()
}

protocol HTTPTransport {
  func get(
    _ path: String, completion: @escaping (Result<Data, Error>) -> Void
  ) -> CancellableRequest
}

enum NetworkError: Error {
  case badResponse
}

final class NetworkClient {
  private let transport: HTTPTransport
  private let decoder = JSONDecoder()
  private(set) var requestsStarted = 0

  init(transport: HTTPTransport) {
    self.transport = transport
  }

  func request<Value: Decodable>(_ path: String, as type: Value.Type) -> Single<Value> {
    Single.create { single in
      self.requestsStarted += 1
      let request = self.transport.get(path) { result in
        switch result {
        case .success(let data):
          do {
            single(.success(try self.decoder.decode(Value.self, from: data)))
          } catch {
            single(.failure(error))
          }
        case .failure(let error):
          single(.failure(error))
        }
      }
      return Disposables.create {
        request.cancel()
      }
    }
  }
}

struct UserProfile: Decodable, Equatable {
  let login: String
  let followers: Int
}

final class ProfileViewModel {
  private let client: NetworkClient
  private let disposeBag = DisposeBag()

  private(set) var title = ""
  private(set) var errorMessage: String?

  init(client: NetworkClient) {
    self.client = client
  }

  func load(_ login: String) {
    client.request("/users/\(login)", as: UserProfile.self)
      .map { "\($0.login) (\($0.followers) followers)" }
      .observe(on: MainScheduler.instance)
      .subscribe(
        onSuccess: { title in self.title = title },
        onFailure: { error in self.errorMessage = "\(error)" }
      )
      .disposed(by: disposeBag)
  }
}
