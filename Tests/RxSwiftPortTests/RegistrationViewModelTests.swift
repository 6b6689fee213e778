import ObservableCore
import Testing

private final class FakeRegistrationAPI: RegistrationAPI {
  var registered: [String] = []

  func register(name: String, email: String, password: String) -> Single<String> {
    if email == "taken@example.com" {
      return .error(RegistrationError.emailTaken)
    }
    registered.append(email)
    return .just(name)
  }
}

@Suite("Registration form: bind(to:), withUnretained, combineLatest of 5, subscribe(with:)")
@MainActor
struct RegistrationViewModelTests {
  private func fill(_ viewModel: RegistrationViewModel, email: String) {
    viewModel.firstName.accept("Ada")
    viewModel.lastName.accept("Lovelace")
    viewModel.email.accept(email)
    viewModel.password.accept("analytical")
    viewModel.acceptedTerms.accept(true)
  }

  @Test("the button is enabled only when all five fields are valid")
  func validation() async {
    let viewModel = RegistrationViewModel(api: FakeRegistrationAPI())
    let viewController = RegistrationViewController()
    viewController.bind(to: viewModel)
    #expect(await waitUntil { !viewController.submitButton.isEnabled })

    fill(viewModel, email: "ada@example.com")
    #expect(viewModel.isFormValid.value)
    #expect(await waitUntil { viewController.submitButton.isEnabled })

    viewModel.acceptedTerms.accept(false)
    #expect(!viewModel.isFormValid.value)
    #expect(await waitUntil { !viewController.submitButton.isEnabled })
  }

  @Test("submitting registers and greets; a tap on an invalid form does nothing")
  func submit() async {
    let api = FakeRegistrationAPI()
    let viewModel = RegistrationViewModel(api: api)
    let viewController = RegistrationViewController()
    viewController.bind(to: viewModel)

    viewModel.submitTaps.accept(())
    #expect(viewModel.submissions == 0)

    fill(viewModel, email: "ada@example.com")
    viewModel.submitTaps.accept(())
    #expect(viewModel.submissions == 1)
    #expect(api.registered == ["ada@example.com"])
    #expect(await waitUntil { viewController.welcomeLabel.text == "Welcome, Ada Lovelace!" })
  }

  @Test("a failed registration shows a message and the form keeps working")
  func failure() async {
    let api = FakeRegistrationAPI()
    let viewModel = RegistrationViewModel(api: api)
    let viewController = RegistrationViewController()
    viewController.bind(to: viewModel)

    fill(viewModel, email: "taken@example.com")
    viewModel.submitTaps.accept(())
    #expect(viewController.errorLabel.text == "That email is already registered")
    #expect(viewController.errorsShown == 1)

    viewModel.email.accept("ada@example.com")
    viewModel.submitTaps.accept(())
    #expect(api.registered == ["ada@example.com"])
    #expect(await waitUntil { viewController.welcomeLabel.text == "Welcome, Ada Lovelace!" })
  }

  @Test("neither the view model nor the view controller is kept alive by its bindings")
  func release() {
    weak var weakViewModel: RegistrationViewModel?
    weak var weakViewController: RegistrationViewController?
    do {
      let viewModel = RegistrationViewModel(api: FakeRegistrationAPI())
      let viewController = RegistrationViewController()
      viewController.bind(to: viewModel)
      fill(viewModel, email: "ada@example.com")
      viewModel.submitTaps.accept(())
      weakViewModel = viewModel
      weakViewController = viewController
    }
    #expect(weakViewModel == nil)
    #expect(weakViewController == nil)
  }
}
