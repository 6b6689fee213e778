import ObservableCore
import Testing

@Suite("combineLatest and zip with 3 to 8 sources (the type-erased core)")
struct ErasedCombiningTests {
  @Test(
    "three sources of different element types, optionals and classes, come out as they went in",
    arguments: ["combineLatest", "zip"])
  func erasedElementTypes(operatorName: String) {
    // The forms with 3 to 8 sources hold their elements without their types
    // (Operators/Combining/ErasedCombining.swift) and cast them back for the result.
    final class Reference: Sendable {}
    let reference = Reference()
    let numbers = PublishSubject<Int?>()
    let words = PublishSubject<[String]>()
    let references = PublishSubject<Reference>()
    let events = _Mutex<[String]>([])
    let combined =
      operatorName == "zip"
      ? Observable.zip(numbers, words, references)
      : Observable.combineLatest(numbers, words, references)
    let subscription = combined.subscribe(onNext: { number, list, object in
      events.withLock {
        $0.append("\(number.map(String.init) ?? "nil") \(list) \(object === reference)")
      }
    })
    numbers.onNext(nil)
    words.onNext(["a", "b"])
    references.onNext(reference)
    numbers.onNext(7)
    subscription.dispose()
    #expect(events.withLock { $0 }.first == "nil [\"a\", \"b\"] true")
  }
}
