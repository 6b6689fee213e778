// UIKit does not exist on Linux. These main-actor classes stand in for the few UIKit types the
// ported samples touch, with the same names and properties, so the samples' code reads as it
// does in an iOS app: view controllers and views are `@MainActor`, and the samples mutate them
// from Rx closures, which is exactly what fails against `@Sendable` closures in Swift 5 mode.
//
// Everything in this target is compiled in Swift 5 language mode (see Package.swift).

@MainActor
class UIView {
  var isHidden = false
}

@MainActor
final class UILabel: UIView {
  var text: String?
}

@MainActor
final class UITextField: UIView {
  var text: String? = ""
}

@MainActor
final class UIButton: UIView {
  var isEnabled = true
  var title: String?
}

@MainActor
final class UIActivityIndicatorView: UIView {
  private(set) var isAnimating = false
  func startAnimating() { isAnimating = true }
  func stopAnimating() { isAnimating = false }
}

@MainActor
class UIViewController {
  let view = UIView()
  func viewDidLoad() {}
}
