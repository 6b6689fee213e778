/// Errors that the library's own operators produce.
public enum RxError: Swift.Error, Equatable, Sendable, CustomStringConvertible,
  CustomDebugStringConvertible
{
  /// An unknown error.
  case unknown
  /// A disposed object was used.
  case disposed(object: String)
  /// An arithmetic overflow.
  case overflow
  /// An argument was outside its valid range, such as a negative count.
  case argumentOutOfRange
  /// A sequence that had to contain an element was empty.
  case noElements
  /// A sequence that had to contain at most one element contained more.
  case moreThanOneElement
  /// A timeout elapsed.
  case timeout

  /// A human-readable description of the error.
  public var description: String {
    switch self {
    case .unknown: return "Unknown error."
    case .disposed(let object): return "Object `\(object)` was already disposed."
    case .overflow: return "Arithmetic overflow."
    case .argumentOutOfRange: return "Argument out of range."
    case .noElements: return "Sequence doesn't contain any elements."
    case .moreThanOneElement: return "Sequence contains more than one element."
    case .timeout: return "Sequence timeout."
    }
  }

  /// The description, for debugging output, as in RxSwift.
  public var debugDescription: String {
    description
  }
}
