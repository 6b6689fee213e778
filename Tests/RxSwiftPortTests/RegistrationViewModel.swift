// A registration form as an RxSwift 6 app writes it today: five fields validated with one
// `combineLatest`, outputs bound to relays and to the view with `bind(to:)`, the view model
// captured with `withUnretained` and the view with `subscribe(with:)`. Our own code, written
// as for RxSwift 6 with RxRelay; only the import differs.

import Foundation
import ObservableCore

protocol RegistrationAPI {
  func register(name: String, email: String, password: String) -> Single<String>
}

enum RegistrationError: Error {
  case emailTaken
}

final class RegistrationViewModel {
  // Inputs, bound from the view.
  let firstName = BehaviorRelay<String>(value: "")
  let lastName = BehaviorRelay<String>(value: "")
  let email = BehaviorRelay<String>(value: "")
  let password = BehaviorRelay<String>(value: "")
  let acceptedTerms = BehaviorRelay<Bool>(value: false)
  let submitTaps = PublishRelay<Void>()

  // Outputs.
  let isFormValid = BehaviorRelay<Bool>(value: false)
  let errorMessage = PublishRelay<String>()
  let registeredName = PublishRelay<String>()

  private(set) var submissions = 0
  private let api: RegistrationAPI
  private let disposeBag = DisposeBag()

  init(api: RegistrationAPI) {
    self.api = api

    Observable.combineLatest(firstName, lastName, email, password, acceptedTerms) {
      first, last, email, password, accepted in
      !first.isEmpty && !last.isEmpty && email.contains("@") && password.count >= 8 && accepted
    }
    .distinctUntilChanged()
    .bind(to: isFormValid)
    .disposed(by: disposeBag)

    submitTaps
      .withLatestFrom(isFormValid)
      .filter { $0 }
      .withUnretained(self)
      .do(onNext: { owner, _ in owner.submissions += 1 })
      .flatMapLatest { owner, _ -> Observable<String> in
        owner.api
          .register(
            name: "\(owner.firstName.value) \(owner.lastName.value)",
            email: owner.email.value,
            password: owner.password.value
          )
          .asObservable()
          .catch { error in
            owner.errorMessage.accept(owner.message(for: error))
            return .empty()
          }
      }
      .bind(to: registeredName)
      .disposed(by: disposeBag)
  }

  private func message(for error: Error) -> String {
    switch error {
    case RegistrationError.emailTaken: return "That email is already registered"
    default: return "Something went wrong"
    }
  }
}

extension UIButton: ReactiveCompatible {}
extension UILabel: ReactiveCompatible {}

final class RegistrationViewController: UIViewController {
  let firstNameField = UITextField()
  let submitButton = UIButton()
  let errorLabel = UILabel()
  let welcomeLabel = UILabel()
  private(set) var errorsShown = 0
  private let disposeBag = DisposeBag()

  func bind(to viewModel: RegistrationViewModel) {
    viewModel.isFormValid
      .bind(to: submitButton.rx.isEnabled)
      .disposed(by: disposeBag)

    viewModel.registeredName
      .map { "Welcome, \($0)!" }
      .bind(to: welcomeLabel.rx.text)
      .disposed(by: disposeBag)

    viewModel.errorMessage
      .subscribe(
        with: self,
        onNext: { owner, message in
          owner.errorLabel.text = message
          owner.errorsShown += 1
        }
      )
      .disposed(by: disposeBag)
  }
}
