import AsyncAlgorithms

/// Raw Swift-concurrency figures that the bridge is compared with.
struct Floors {
  var streamParallel = 0.0
  var streamFillDrain = 0.0
  var streamDrain = 0.0
  var throwingParallel = 0.0
  var throwingFillDrain = 0.0
  var throwingDrain = 0.0
  var channel = 0.0
}

func w6(_ count: Int) async -> (Floors, [Row]) {
  var floors = Floors()
  floors.streamParallel = await measure(elements: count) {
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    let producer = Task.detached {
      for value in 0..<count { continuation.yield(value) }
      continuation.finish()
    }
    var sum = 0
    for await value in stream { sum &+= value }
    await producer.value
    blackHole(sum)
  }
  floors.streamFillDrain = await measure(elements: count) {
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    for value in 0..<count { continuation.yield(value) }
    continuation.finish()
    var sum = 0
    for await value in stream { sum &+= value }
    blackHole(sum)
  }
  floors.streamDrain = await measure(
    elements: count,
    setup: {
      let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
      for value in 0..<count { continuation.yield(value) }
      continuation.finish()
      return stream
    },
    body: { stream in
      var sum = 0
      for await value in stream { sum &+= value }
      blackHole(sum)
    })
  floors.throwingParallel = await measure(elements: count) {
    let (stream, continuation) = AsyncThrowingStream.makeStream(of: Int.self)
    let producer = Task.detached {
      for value in 0..<count { continuation.yield(value) }
      continuation.finish()
    }
    var sum = 0
    do { for try await value in stream { sum &+= value } } catch {}
    await producer.value
    blackHole(sum)
  }
  floors.throwingFillDrain = await measure(elements: count) {
    let (stream, continuation) = AsyncThrowingStream.makeStream(of: Int.self)
    for value in 0..<count { continuation.yield(value) }
    continuation.finish()
    var sum = 0
    do { for try await value in stream { sum &+= value } } catch {}
    blackHole(sum)
  }
  floors.throwingDrain = await measure(
    elements: count,
    setup: {
      let (stream, continuation) = AsyncThrowingStream.makeStream(of: Int.self)
      for value in 0..<count { continuation.yield(value) }
      continuation.finish()
      return stream
    },
    body: { stream in
      var sum = 0
      do { for try await value in stream { sum &+= value } } catch {}
      blackHole(sum)
    })
  floors.channel = await measure(elements: count) {
    let channel = AsyncChannel<Int>()
    let producer = Task.detached {
      for value in 0..<count { await channel.send(value) }
      channel.finish()
    }
    var sum = 0
    for await value in channel { sum &+= value }
    await producer.value
    blackHole(sum)
  }
  let rows = [
    Row(
      workload: "W6 AsyncStream producer∥consumer", ours: floors.streamParallel, peers: [],
      targets: [.none]),
    Row(
      workload: "W6 AsyncStream fill-then-drain", ours: floors.streamFillDrain, peers: [],
      targets: [.none]),
    Row(
      workload: "W6 AsyncStream drain only", ours: floors.streamDrain, peers: [], targets: [.none]),
    Row(
      workload: "W6 AsyncThrowingStream producer∥consumer", ours: floors.throwingParallel,
      peers: [], targets: [.none]),
    Row(
      workload: "W6 AsyncThrowingStream fill-then-drain", ours: floors.throwingFillDrain, peers: [],
      targets: [.none]),
    Row(
      workload: "W6 AsyncThrowingStream drain only", ours: floors.throwingDrain, peers: [],
      targets: [.none]),
    Row(
      workload: "W6 AsyncChannel send/receive", ours: floors.channel, peers: [], targets: [.none]),
  ]
  return (floors, rows)
}
