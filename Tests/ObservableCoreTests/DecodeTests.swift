import ObservableCore
import ObservableTesting
import Testing

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

private struct Point: Codable, Equatable, Sendable {
  var x: Int
  var y: Int
}

private func jsonData(_ text: String) -> Data {
  Data(text.utf8)
}

/// A decoder of this test's own, to show that any `DataDecoder` works.
private struct CountingDecoder: DataDecoder, Sendable {
  let calls: Box<Int>

  func decode<Item: Decodable>(_ type: Item.Type, from data: Data) throws -> Item {
    calls.value += 1
    return try JSONDecoder().decode(type, from: data)
  }
}

@Suite("decode")
struct DecodeTests {
  @Test("decodes each element with a JSONDecoder")
  func jsonDecoder() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(210, jsonData(#"{"x":1,"y":2}"#)), .next(220, jsonData(#"{"x":3,"y":4}"#)),
        .completed(300),
      ])
      let res = scheduler.start { xs.decode(type: Point.self, decoder: JSONDecoder()) }
      expectEqual(
        res.events,
        [
          .next(210, Point(x: 1, y: 2)), .next(220, Point(x: 3, y: 4)), .completed(300),
        ])
      expectEqual(xs.subscriptions, [Subscription(200, 300)])
    }
  }

  @Test("decodes with a PropertyListDecoder")
  func propertyList() throws {
    let encoder = PropertyListEncoder()
    encoder.outputFormat = .xml
    let data = try encoder.encode(Point(x: 5, y: 6))
    withLeakChecking {
      let values = Box<[Point]>([])
      _ = Observable.just(data).decode(type: Point.self, decoder: PropertyListDecoder())
        .subscribe(onNext: { point in values.mutate { $0.append(point) } })
      expectEqual(values.value, [Point(x: 5, y: 6)])
    }
  }

  @Test("works with any DataDecoder")
  func customDecoder() {
    withLeakChecking {
      let calls = Box(0)
      let values = Box<[Point]>([])
      _ = Observable.of(jsonData(#"{"x":1,"y":2}"#), jsonData(#"{"x":3,"y":4}"#))
        .decode(type: Point.self, decoder: CountingDecoder(calls: calls))
        .subscribe(onNext: { point in values.mutate { $0.append(point) } })
      expectEqual(values.value, [Point(x: 1, y: 2), Point(x: 3, y: 4)])
      expectEqual(calls.value, 2)
    }
  }

  @Test("a decoding failure fails the sequence with the decoder's error and disposes the source")
  func failure() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(210, jsonData(#"{"x":1,"y":2}"#)), .next(220, jsonData(#"{"x":"one"}"#)),
        .next(230, jsonData(#"{"x":3,"y":4}"#)), .completed(300),
      ])
      let res = scheduler.start { xs.decode(type: Point.self, decoder: JSONDecoder()) }
      expectEqual(res.events.count, 2)
      expectEqual(res.events.first, .next(210, Point(x: 1, y: 2)))
      if case .error(let error)? = res.events.last?.value {
        #expect(error is DecodingError)
      } else {
        Issue.record("expected a decoding error, got \(res.events)")
      }
      expectEqual(res.events.last?.time, 220)
      expectEqual(xs.subscriptions, [Subscription(200, 220)])
    }
  }

  @Test("forwards an upstream error")
  func upstreamError() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.error(220, testError, Data.self)])
      let res = scheduler.start { xs.decode(type: Point.self, decoder: JSONDecoder()) }
      expectEqual(res.events, [.error(220, testError)])
    }
  }

  @Test("disposing the result disposes the source")
  func dispose() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(210, jsonData(#"{"x":1,"y":2}"#)), .next(290, jsonData(#"{"x":3,"y":4}"#)),
      ])
      let res = scheduler.start(disposed: 250) {
        xs.decode(type: Point.self, decoder: JSONDecoder())
      }
      expectEqual(res.events, [.next(210, Point(x: 1, y: 2))])
      expectEqual(xs.subscriptions, [Subscription(200, 250)])
    }
  }

  @Test("releases the decoder after termination")
  func releasesDecoder() {
    weak var weakTracked: Tracked?
    withLeakChecking {
      let tracked = Tracked()
      weakTracked = tracked
      struct TrackingDecoder: DataDecoder, Sendable {
        let tracked: Tracked
        func decode<Item: Decodable>(_ type: Item.Type, from data: Data) throws -> Item {
          try JSONDecoder().decode(type, from: data)
        }
      }
      let subject = PublishSubject<Data>()
      let subscription = subject.decode(
        type: Point.self, decoder: TrackingDecoder(tracked: tracked)
      ).subscribe()
      subject.onCompleted()
      _ = subscription
    }
    #expect(weakTracked == nil)
  }
}
