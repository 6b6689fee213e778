// The services the view models use, written as RxSwift users write them: protocols the tests
// fake, and a default validation service.

import Foundation
import ObservableCocoa
import ObservableCore

enum ValidationResult: Equatable {
  case ok(message: String)
  case empty
  case validating
  case failed(message: String)

  var isValid: Bool {
    if case .ok = self { return true }
    return false
  }
}

protocol SignupAPI {
  func usernameAvailable(_ username: String) -> Observable<Bool>
  func signup(_ username: String, password: String) -> Observable<Bool>
}

protocol ValidationService {
  func validateUsername(_ username: String) -> Observable<ValidationResult>
  func validatePassword(_ password: String) -> ValidationResult
  func validateRepeatedPassword(_ password: String, repeatedPassword: String) -> ValidationResult
}

final class DefaultValidationService: ValidationService {
  let api: SignupAPI
  let minPasswordCount = 5

  init(api: SignupAPI) {
    self.api = api
  }

  func validateUsername(_ username: String) -> Observable<ValidationResult> {
    if username.isEmpty {
      return .just(.empty)
    }
    if username.rangeOfCharacter(from: CharacterSet.alphanumerics.inverted) != nil {
      return .just(.failed(message: "Username can only contain numbers or digits"))
    }
    return api.usernameAvailable(username)
      .map { available in
        available ? .ok(message: "Username available") : .failed(message: "Username taken")
      }
      .startWith(.validating)
  }

  func validatePassword(_ password: String) -> ValidationResult {
    if password.isEmpty {
      return .empty
    }
    if password.count < minPasswordCount {
      return .failed(message: "Password must be at least \(minPasswordCount) characters")
    }
    return .ok(message: "Password acceptable")
  }

  func validateRepeatedPassword(_ password: String, repeatedPassword: String) -> ValidationResult {
    if repeatedPassword.isEmpty {
      return .empty
    }
    return repeatedPassword == password
      ? .ok(message: "Password repeated") : .failed(message: "Password different")
  }
}

protocol Wireframe {
  func promptFor(_ message: String, cancelAction: String, actions: [String]) -> Observable<String>
}
