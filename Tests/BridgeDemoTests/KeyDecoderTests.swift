import Testing

@testable import bridge_demo

@Suite("KeyDecoder")
struct KeyDecoderTests {
  @Test("turns printable bytes into text")
  func text() {
    var decoder = KeyDecoder()
    #expect(decoder.decode(Array("rx".utf8), moreFollows: { false }) == [.text("rx")])
  }
}
