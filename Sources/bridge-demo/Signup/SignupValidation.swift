/// The state of one field of the signup form.
enum ValidationResult: Sendable, Equatable, CustomStringConvertible {
  /// Nothing entered yet.
  case empty
  /// A check is running, such as the username's availability.
  case validating
  /// Valid, with a message for the user.
  case ok(String)
  /// Invalid, with the reason.
  case failed(String)
  /// The check could not be made, such as when GitHub cannot be reached; with the error.
  case cannotCheck(String)

  /// Whether the field is valid.
  var isValid: Bool {
    if case .ok = self { return true }
    return false
  }

  var description: String {
    switch self {
    case .empty: "empty"
    case .validating: "checking…"
    case .ok(let message): message
    case .failed(let message): message
    case .cannotCheck(let error): "cannot check: \(error)"
    }
  }
}

/// The rules of the signup form that need no network, shared by both view models.
enum SignupRules {
  /// The shortest password accepted.
  static let minimumPasswordLength = 8

  /// Checks a username's form; `nil` means it may be sent for an availability check.
  static func usernameProblem(_ username: String) -> ValidationResult? {
    if username.isEmpty { return .empty }
    let allowed = username.unicodeScalars.allSatisfy {
      ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
        || $0 == "-"
    }
    if !allowed { return .failed("only letters, digits and hyphens") }
    if username.count > 39 { return .failed("at most 39 characters") }
    if username.hasPrefix("-") || username.hasSuffix("-") || username.contains("--") {
      return .failed("hyphens only between other characters")
    }
    return nil
  }

  /// The result of an availability check.
  static func availability(_ available: Bool) -> ValidationResult {
    available ? .ok("available") : .failed("taken")
  }

  /// Checks a password.
  static func validatePassword(_ password: String) -> ValidationResult {
    if password.isEmpty { return .empty }
    if password.count < minimumPasswordLength {
      return .failed("too short (\(minimumPasswordLength) or more)")
    }
    return .ok("ok")
  }

  /// Checks that the password was repeated.
  static func validateRepeatedPassword(_ password: String, _ repeated: String) -> ValidationResult {
    if repeated.isEmpty { return .empty }
    return repeated == password ? .ok("matches") : .failed("does not match")
  }
}
