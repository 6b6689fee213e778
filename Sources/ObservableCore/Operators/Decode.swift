#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A decoder that turns `Data` into a `Decodable` value, such as `JSONDecoder` or
/// `PropertyListDecoder`.
///
/// ``ObservableType/decode(type:decoder:)`` accepts any conforming decoder. Foundation's
/// decoders conform in this module; conform your own decoder with an empty extension if it
/// already has the method.
public protocol DataDecoder {
  /// Decodes a value of `type` from `data`.
  ///
  /// - Parameters:
  ///   - type: The type to decode.
  ///   - data: The encoded value.
  /// - Returns: The decoded value.
  /// - Throws: Whatever error the decoder reports when `data` is not a valid `Item`.
  func decode<Item: Decodable>(_ type: Item.Type, from data: Data) throws -> Item
}

extension JSONDecoder: DataDecoder {}
extension PropertyListDecoder: DataDecoder {}

extension ObservableType where Element == Data {
  /// Decodes each element with `decoder`.
  ///
  /// ```
  /// source:                                 -1-2-|  (each element the JSON of a number)
  /// decode(type: T.self, decoder: decoder)  -1-2-|
  /// ```
  ///
  /// A decoding failure fails the result with the decoder's error and disposes the upstream
  /// subscription.
  ///
  /// - Parameters:
  ///   - type: The type to decode each element as.
  ///   - decoder: The decoder, such as a `JSONDecoder` or a `PropertyListDecoder`. It is used
  ///     from whatever thread the source emits on, so it must be `Sendable`; do not reconfigure
  ///     it while a subscription runs.
  /// - Returns: A sequence of decoded values.
  @_alwaysEmitIntoClient
  public func decode<Item: Decodable & Sendable, Decoder: DataDecoder & Sendable>(
    type: Item.Type, decoder: Decoder
  ) -> Observable<Item> {
    map { data in try decoder.decode(type, from: data) }
  }
}
