#if canImport(Darwin) || OBSERVABLE_PORTABLE_LOCKS
  import ObservableCoreShims
#else
  import Synchronization
#endif

// Every atomic in the package is an `_Atomic`. Where `Synchronization` is always available
// (Linux), it is `Synchronization.Atomic` itself, so the per-element path is unchanged. On
// Darwin, whose `Atomic` needs macOS 15, iOS 18, tvOS 18, watchOS 11 or visionOS 2, it is the
// portable implementation below: C11 atomics on a heap word, with the same methods and
// orderings, so call sites are the same on every platform. `-D OBSERVABLE_PORTABLE_LOCKS`
// selects the portable implementation on Linux too, which is how CI runs it under the stress
// suite and ThreadSanitizer.

#if canImport(Darwin) || OBSERVABLE_PORTABLE_LOCKS

  /// An atomic value: C11 atomics on storage allocated once, on the heap, where it never moves.
  ///
  /// Not public API. The methods are `Synchronization.Atomic`'s, for the operations the package
  /// uses, with the same orderings and results.
  ///
  /// ThreadSanitizer sees these atomics without help: in a `--sanitize=thread` build the C
  /// functions, inlined from the shim's header, are instrumented like the Swift code around
  /// them (the objects call `__tsan_atomic8_fetch_or` and the like), so it knows the
  /// happens-before edge each ordering creates. Unlike `_Mutex`, nothing here needs an
  /// annotation.
  @frozen
  @usableFromInline package struct _Atomic<Value: _AtomicValue>: ~Copyable {
    @usableFromInline
    internal let storage: UnsafeMutableRawPointer

    /// Creates an atomic holding `initialValue`.
    ///
    /// - Parameter initialValue: The first value.
    #if DEBUG
      @inlinable
    #else
      @_alwaysEmitIntoClient
    #endif
    package init(_ initialValue: consuming Value) {
      storage = UnsafeMutableRawPointer.allocate(
        byteCount: observable_atomic_storage_size(),
        alignment: observable_atomic_storage_alignment())
      Value._AtomicWord._atomicInitialize(storage, Value._encodeAtomic(initialValue))
    }

    deinit {
      storage.deallocate()
    }

    /// Reads the value.
    ///
    /// - Parameter ordering: The memory ordering of the read.
    /// - Returns: The value.
    @_transparent
    @usableFromInline package borrowing func load(ordering: _AtomicLoadOrdering) -> Value {
      let word = Value._AtomicWord._atomicLoad(storage, ordering.rawValue)
      return Value._decodeAtomic(word)
    }

    /// Writes `desired`.
    ///
    /// - Parameters:
    ///   - desired: The new value.
    ///   - ordering: The memory ordering of the write.
    @_transparent
    @usableFromInline package borrowing func store(
      _ desired: consuming Value, ordering: _AtomicStoreOrdering
    ) {
      Value._AtomicWord._atomicStore(storage, Value._encodeAtomic(desired), ordering.rawValue)
    }

    /// Writes `desired` and returns the value it replaced.
    ///
    /// - Parameters:
    ///   - desired: The new value.
    ///   - ordering: The memory ordering of the read-modify-write.
    /// - Returns: The value before the exchange.
    @_transparent
    @usableFromInline package borrowing func exchange(
      _ desired: consuming Value, ordering: _AtomicUpdateOrdering
    ) -> Value {
      let old = Value._AtomicWord._atomicExchange(
        storage, Value._encodeAtomic(desired), ordering.rawValue)
      return Value._decodeAtomic(old)
    }

    /// Writes `desired` if the value is `expected`.
    ///
    /// - Parameters:
    ///   - expected: The value the atomic must hold for the write to happen.
    ///   - desired: The new value.
    ///   - ordering: The memory ordering of the operation when it exchanges; when it does not,
    ///     the strongest load ordering that `ordering` allows, as in `Synchronization`.
    /// - Returns: Whether the value was exchanged, and the value found.
    @_transparent
    @usableFromInline package borrowing func compareExchange(
      expected: consuming Value, desired: consuming Value, ordering: _AtomicUpdateOrdering
    ) -> (exchanged: Bool, original: Value) {
      var found = Value._encodeAtomic(expected)
      let exchanged = Value._AtomicWord._atomicCompareExchange(
        storage, &found, Value._encodeAtomic(desired), ordering.rawValue)
      return (exchanged, Value._decodeAtomic(found))
    }
  }

  // SAFETY: the value is reachable only through the atomic operations above, on storage that no
  // copy of this (noncopyable) value shares.
  extension _Atomic: @unchecked Sendable where Value: Sendable {}

  extension _Atomic where Value: _AtomicInteger {
    /// Adds `operand`, wrapping around on overflow.
    ///
    /// - Parameters:
    ///   - operand: The amount to add.
    ///   - ordering: The memory ordering of the read-modify-write.
    /// - Returns: The values before and after.
    @_transparent
    @discardableResult
    @usableFromInline package borrowing func wrappingAdd(
      _ operand: Value, ordering: _AtomicUpdateOrdering
    ) -> (oldValue: Value, newValue: Value) {
      let old = Value._decodeAtomic(
        Value._AtomicWord._atomicFetchAdd(
          storage, Value._encodeAtomic(operand), ordering.rawValue))
      return (old, old &+ operand)
    }

    /// Subtracts `operand`, wrapping around on overflow.
    ///
    /// - Parameters:
    ///   - operand: The amount to subtract.
    ///   - ordering: The memory ordering of the read-modify-write.
    /// - Returns: The values before and after.
    @_transparent
    @discardableResult
    @usableFromInline package borrowing func wrappingSubtract(
      _ operand: Value, ordering: _AtomicUpdateOrdering
    ) -> (oldValue: Value, newValue: Value) {
      let old = Value._decodeAtomic(
        Value._AtomicWord._atomicFetchSubtract(
          storage, Value._encodeAtomic(operand), ordering.rawValue))
      return (old, old &- operand)
    }

    /// Adds `operand`; traps if the result overflows, as `Synchronization.Atomic.add` does.
    ///
    /// - Parameters:
    ///   - operand: The amount to add.
    ///   - ordering: The memory ordering of the read-modify-write.
    /// - Returns: The values before and after.
    @_transparent
    @discardableResult
    @usableFromInline package borrowing func add(
      _ operand: Value, ordering: _AtomicUpdateOrdering
    ) -> (oldValue: Value, newValue: Value) {
      let (old, _) = wrappingAdd(operand, ordering: ordering)
      return (old, old + operand)
    }

    /// Subtracts `operand`; traps if the result overflows, as `Synchronization.Atomic.subtract`
    /// does.
    ///
    /// - Parameters:
    ///   - operand: The amount to subtract.
    ///   - ordering: The memory ordering of the read-modify-write.
    /// - Returns: The values before and after.
    @_transparent
    @discardableResult
    @usableFromInline package borrowing func subtract(
      _ operand: Value, ordering: _AtomicUpdateOrdering
    ) -> (oldValue: Value, newValue: Value) {
      let (old, _) = wrappingSubtract(operand, ordering: ordering)
      return (old, old - operand)
    }

    /// Sets the bits of `operand`.
    ///
    /// - Parameters:
    ///   - operand: The bits to set.
    ///   - ordering: The memory ordering of the read-modify-write.
    /// - Returns: The values before and after.
    @_transparent
    @discardableResult
    @usableFromInline package borrowing func bitwiseOr(
      _ operand: Value, ordering: _AtomicUpdateOrdering
    ) -> (oldValue: Value, newValue: Value) {
      let old = Value._decodeAtomic(
        Value._AtomicWord._atomicFetchOr(
          storage, Value._encodeAtomic(operand), ordering.rawValue))
      return (old, old | operand)
    }

    /// Replaces the value with `operand` if `operand` is greater.
    ///
    /// - Parameters:
    ///   - operand: The candidate maximum.
    ///   - ordering: The memory ordering of the read-modify-write.
    /// - Returns: The values before and after.
    #if DEBUG
      @inlinable
    #else
      @_alwaysEmitIntoClient
    #endif
    @discardableResult
    package borrowing func max(
      _ operand: Value, ordering: _AtomicUpdateOrdering
    ) -> (oldValue: Value, newValue: Value) {
      var found = Value._AtomicWord._atomicLoad(storage, ordering.loadOrder)
      while Value._decodeAtomic(found) < operand {
        if Value._AtomicWord._atomicCompareExchange(
          storage, &found, Value._encodeAtomic(operand), ordering.rawValue)
        {
          break
        }
      }
      let old = Value._decodeAtomic(found)
      return (old, Swift.max(old, operand))
    }

    /// Replaces the value with `operand` if `operand` is smaller.
    ///
    /// - Parameters:
    ///   - operand: The candidate minimum.
    ///   - ordering: The memory ordering of the read-modify-write.
    /// - Returns: The values before and after.
    #if DEBUG
      @inlinable
    #else
      @_alwaysEmitIntoClient
    #endif
    @discardableResult
    package borrowing func min(
      _ operand: Value, ordering: _AtomicUpdateOrdering
    ) -> (oldValue: Value, newValue: Value) {
      var found = Value._AtomicWord._atomicLoad(storage, ordering.loadOrder)
      while operand < Value._decodeAtomic(found) {
        if Value._AtomicWord._atomicCompareExchange(
          storage, &found, Value._encodeAtomic(operand), ordering.rawValue)
        {
          break
        }
      }
      let old = Value._decodeAtomic(found)
      return (old, Swift.min(old, operand))
    }

    /// Clears the bits that are not in `operand`.
    ///
    /// - Parameters:
    ///   - operand: The bits to keep.
    ///   - ordering: The memory ordering of the read-modify-write.
    /// - Returns: The values before and after.
    @_transparent
    @discardableResult
    @usableFromInline package borrowing func bitwiseAnd(
      _ operand: Value, ordering: _AtomicUpdateOrdering
    ) -> (oldValue: Value, newValue: Value) {
      let old = Value._decodeAtomic(
        Value._AtomicWord._atomicFetchAnd(
          storage, Value._encodeAtomic(operand), ordering.rawValue))
      return (old, old & operand)
    }
  }

  /// The orderings of an atomic read: `Synchronization.AtomicLoadOrdering`'s.
  ///
  /// Not public API.
  @frozen
  @usableFromInline package struct _AtomicLoadOrdering: Sendable {
    /// The C11 `memory_order` value.
    @usableFromInline package let rawValue: Int32

    @usableFromInline @_transparent
    internal init(_ rawValue: Int32) { self.rawValue = rawValue }

    /// No ordering beyond the atomicity of the read.
    @_transparent
    @usableFromInline package static var relaxed: Self { Self(0) }
    /// Later reads and writes stay after it; it sees what a releasing write published.
    @_transparent
    @usableFromInline package static var acquiring: Self { Self(2) }
    /// Acquiring, and in the single total order of sequentially consistent operations.
    @_transparent
    @usableFromInline package static var sequentiallyConsistent: Self { Self(5) }

  }

  /// The orderings of an atomic write: `Synchronization.AtomicStoreOrdering`'s.
  ///
  /// Not public API.
  @frozen
  @usableFromInline package struct _AtomicStoreOrdering: Sendable {
    /// The C11 `memory_order` value.
    @usableFromInline package let rawValue: Int32

    @usableFromInline @_transparent
    internal init(_ rawValue: Int32) { self.rawValue = rawValue }

    /// No ordering beyond the atomicity of the write.
    @_transparent
    @usableFromInline package static var relaxed: Self { Self(0) }
    /// Earlier reads and writes stay before it; an acquiring read that sees it sees them.
    @_transparent
    @usableFromInline package static var releasing: Self { Self(3) }
    /// Releasing, and in the single total order of sequentially consistent operations.
    @_transparent
    @usableFromInline package static var sequentiallyConsistent: Self { Self(5) }

  }

  /// The orderings of an atomic read-modify-write: `Synchronization.AtomicUpdateOrdering`'s.
  ///
  /// Not public API.
  @frozen
  @usableFromInline package struct _AtomicUpdateOrdering: Sendable {
    /// The C11 `memory_order` value.
    @usableFromInline package let rawValue: Int32

    @usableFromInline @_transparent
    internal init(_ rawValue: Int32) { self.rawValue = rawValue }

    /// No ordering beyond the atomicity of the operation.
    @_transparent
    @usableFromInline package static var relaxed: Self { Self(0) }
    /// Acquiring for its read.
    @_transparent
    @usableFromInline package static var acquiring: Self { Self(2) }
    /// Releasing for its write.
    @_transparent
    @usableFromInline package static var releasing: Self { Self(3) }
    /// Acquiring for its read and releasing for its write.
    @_transparent
    @usableFromInline package static var acquiringAndReleasing: Self { Self(4) }
    /// Acquiring and releasing, and in the single total order of sequentially consistent
    /// operations.
    @_transparent
    @usableFromInline package static var sequentiallyConsistent: Self { Self(5) }

    /// Whether the read part of the operation acquires.
    @usableFromInline
    internal var acquires: Bool {
      @_transparent get { rawValue == 2 || rawValue >= 4 }
    }

    /// The memory order of a plain read that is as strong as this ordering's read part.
    @usableFromInline
    internal var loadOrder: Int32 {
      @_transparent get { rawValue == 5 ? 5 : (acquires ? 2 : 0) }
    }
  }

  /// A value that fits in one of the portable atomic words.
  ///
  /// Not public API: the package's atomic values are `Bool` and the fixed-width integers.
  @usableFromInline package protocol _AtomicValue {
    /// The word the value is stored as.
    associatedtype _AtomicWord: _AtomicStorageWord
    /// The word that stores `value`.
    ///
    /// - Parameter value: The value.
    /// - Returns: Its word.
    static func _encodeAtomic(_ value: consuming Self) -> _AtomicWord
    /// The value that `word` stores.
    ///
    /// - Parameter word: A word made by `_encodeAtomic`.
    /// - Returns: The value.
    static func _decodeAtomic(_ word: _AtomicWord) -> Self
  }

  /// An integer whose atomics have arithmetic and bitwise operations.
  ///
  /// Not public API.
  @usableFromInline package protocol _AtomicInteger: _AtomicValue, FixedWidthInteger {}

  /// One of the unsigned words that the C shim's atomics operate on (8, 32 and 64 bits).
  ///
  /// Not public API. Each requirement calls the C function of its width; `storage` is the
  /// atomic's heap storage and `order` a C11 `memory_order` value.
  @usableFromInline package protocol _AtomicStorageWord: FixedWidthInteger, UnsignedInteger {
    /// Initializes `storage` to `value`.
    ///
    /// - Parameters:
    ///   - storage: Uninitialized atomic storage.
    ///   - value: The first value.
    static func _atomicInitialize(_ storage: UnsafeMutableRawPointer, _ value: Self)
    /// Reads `storage`.
    ///
    /// - Parameters:
    ///   - storage: The atomic storage.
    ///   - order: The memory order.
    /// - Returns: The value read.
    static func _atomicLoad(_ storage: UnsafeMutableRawPointer, _ order: Int32) -> Self
    /// Writes `value` to `storage`.
    ///
    /// - Parameters:
    ///   - storage: The atomic storage.
    ///   - value: The value to write.
    ///   - order: The memory order.
    static func _atomicStore(_ storage: UnsafeMutableRawPointer, _ value: Self, _ order: Int32)
    /// Writes `value` to `storage` and returns what it replaced.
    ///
    /// - Parameters:
    ///   - storage: The atomic storage.
    ///   - value: The value to write.
    ///   - order: The memory order.
    /// - Returns: The value replaced.
    static func _atomicExchange(
      _ storage: UnsafeMutableRawPointer, _ value: Self, _ order: Int32
    ) -> Self
    /// Writes `desired` if `storage` holds `expected`; otherwise sets `expected` to what it
    /// holds.
    ///
    /// - Parameters:
    ///   - storage: The atomic storage.
    ///   - expected: The value expected, then the value found.
    ///   - desired: The value to write.
    ///   - order: The memory order on success.
    /// - Returns: Whether it wrote `desired`.
    static func _atomicCompareExchange(
      _ storage: UnsafeMutableRawPointer, _ expected: inout Self, _ desired: Self, _ order: Int32
    ) -> Bool
    /// Adds `operand`, wrapping around, and returns the old value.
    ///
    /// - Parameters:
    ///   - storage: The atomic storage.
    ///   - operand: The amount to add.
    ///   - order: The memory order.
    /// - Returns: The value before.
    static func _atomicFetchAdd(
      _ storage: UnsafeMutableRawPointer, _ operand: Self, _ order: Int32
    ) -> Self
    /// Subtracts `operand`, wrapping around, and returns the old value.
    ///
    /// - Parameters:
    ///   - storage: The atomic storage.
    ///   - operand: The amount to subtract.
    ///   - order: The memory order.
    /// - Returns: The value before.
    static func _atomicFetchSubtract(
      _ storage: UnsafeMutableRawPointer, _ operand: Self, _ order: Int32
    ) -> Self
    /// Sets the bits of `operand` and returns the old value.
    ///
    /// - Parameters:
    ///   - storage: The atomic storage.
    ///   - operand: The bits to set.
    ///   - order: The memory order.
    /// - Returns: The value before.
    static func _atomicFetchOr(
      _ storage: UnsafeMutableRawPointer, _ operand: Self, _ order: Int32
    ) -> Self
    /// Clears the bits not in `operand` and returns the old value.
    ///
    /// - Parameters:
    ///   - storage: The atomic storage.
    ///   - operand: The bits to keep.
    ///   - order: The memory order.
    /// - Returns: The value before.
    static func _atomicFetchAnd(
      _ storage: UnsafeMutableRawPointer, _ operand: Self, _ order: Int32
    ) -> Self
  }

  // Why alike: one conformance per width, each calling its own C shim (C11 atomics are not
  // generic), so the conformances share their shape.
  extension UInt8: _AtomicStorageWord {
    /// Initializes 8-bit atomic storage.
    ///
    /// - Parameters:
    ///   - storage: Uninitialized atomic storage.
    ///   - value: The first value.
    @_transparent
    @usableFromInline package static func _atomicInitialize(
      _ storage: UnsafeMutableRawPointer, _ value: Self
    ) {
      observable_atomic_init_8(storage, value)
    }
    /// Reads 8-bit atomic storage.
    ///
    /// - Parameters:
    ///   - storage: The atomic storage.
    ///   - order: The memory order.
    /// - Returns: The value read.
    @_transparent
    @usableFromInline package static func _atomicLoad(
      _ storage: UnsafeMutableRawPointer, _ order: Int32
    ) -> Self {
      observable_atomic_load_8(storage, order)
    }
    /// Writes 8-bit atomic storage.
    ///
    /// - Parameters:
    ///   - storage: The atomic storage.
    ///   - value: The value to write.
    ///   - order: The memory order.
    @_transparent
    @usableFromInline package static func _atomicStore(
      _ storage: UnsafeMutableRawPointer, _ value: Self, _ order: Int32
    ) {
      observable_atomic_store_8(storage, value, order)
    }
    /// Exchanges 8-bit atomic storage.
    ///
    /// - Parameters:
    ///   - storage: The atomic storage.
    ///   - value: The value to write.
    ///   - order: The memory order.
    /// - Returns: The value replaced.
    @_transparent
    @usableFromInline package static func _atomicExchange(
      _ storage: UnsafeMutableRawPointer, _ value: Self, _ order: Int32
    ) -> Self {
      observable_atomic_exchange_8(storage, value, order)
    }
    /// Compare-exchanges 8-bit atomic storage.
    ///
    /// - Parameters:
    ///   - storage: The atomic storage.
    ///   - expected: The value expected, then the value found.
    ///   - desired: The value to write.
    ///   - order: The memory order on success.
    /// - Returns: Whether it wrote `desired`.
    @_transparent
    @usableFromInline package static func _atomicCompareExchange(
      _ storage: UnsafeMutableRawPointer, _ expected: inout Self, _ desired: Self, _ order: Int32
    ) -> Bool {
      observable_atomic_compare_exchange_8(storage, &expected, desired, order)
    }
    /// Adds to 8-bit atomic storage.
    ///
    /// - Parameters:
    ///   - storage: The atomic storage.
    ///   - operand: The amount to add.
    ///   - order: The memory order.
    /// - Returns: The value before.
    @_transparent
    @usableFromInline package static func _atomicFetchAdd(
      _ storage: UnsafeMutableRawPointer, _ operand: Self, _ order: Int32
    ) -> Self {
      observable_atomic_fetch_add_8(storage, operand, order)
    }
    /// Subtracts from 8-bit atomic storage.
    ///
    /// - Parameters:
    ///   - storage: The atomic storage.
    ///   - operand: The amount to subtract.
    ///   - order: The memory order.
    /// - Returns: The value before.
    @_transparent
    @usableFromInline package static func _atomicFetchSubtract(
      _ storage: UnsafeMutableRawPointer, _ operand: Self, _ order: Int32
    ) -> Self {
      observable_atomic_fetch_sub_8(storage, operand, order)
    }
    /// Sets bits of 8-bit atomic storage.
    ///
    /// - Parameters:
    ///   - storage: The atomic storage.
    ///   - operand: The bits to set.
    ///   - order: The memory order.
    /// - Returns: The value before.
    @_transparent
    @usableFromInline package static func _atomicFetchOr(
      _ storage: UnsafeMutableRawPointer, _ operand: Self, _ order: Int32
    ) -> Self {
      observable_atomic_fetch_or_8(storage, operand, order)
    }
    /// Clears bits of 8-bit atomic storage.
    ///
    /// - Parameters:
    ///   - storage: The atomic storage.
    ///   - operand: The bits to keep.
    ///   - order: The memory order.
    /// - Returns: The value before.
    @_transparent
    @usableFromInline package static func _atomicFetchAnd(
      _ storage: UnsafeMutableRawPointer, _ operand: Self, _ order: Int32
    ) -> Self {
      observable_atomic_fetch_and_8(storage, operand, order)
    }
  }

  extension UInt32: _AtomicStorageWord {
    /// Initializes 32-bit atomic storage.
    ///
    /// - Parameters:
    ///   - storage: Uninitialized atomic storage.
    ///   - value: The first value.
    @_transparent
    @usableFromInline package static func _atomicInitialize(
      _ storage: UnsafeMutableRawPointer, _ value: Self
    ) {
      observable_atomic_init_32(storage, value)
    }
    /// Reads 32-bit atomic storage.
    ///
    /// - Parameters:
    ///   - storage: The atomic storage.
    ///   - order: The memory order.
    /// - Returns: The value read.
    @_transparent
    @usableFromInline package static func _atomicLoad(
      _ storage: UnsafeMutableRawPointer, _ order: Int32
    ) -> Self {
      observable_atomic_load_32(storage, order)
    }
    /// Writes 32-bit atomic storage.
    ///
    /// - Parameters:
    ///   - storage: The atomic storage.
    ///   - value: The value to write.
    ///   - order: The memory order.
    @_transparent
    @usableFromInline package static func _atomicStore(
      _ storage: UnsafeMutableRawPointer, _ value: Self, _ order: Int32
    ) {
      observable_atomic_store_32(storage, value, order)
    }
    /// Exchanges 32-bit atomic storage.
    ///
    /// - Parameters:
    ///   - storage: The atomic storage.
    ///   - value: The value to write.
    ///   - order: The memory order.
    /// - Returns: The value replaced.
    @_transparent
    @usableFromInline package static func _atomicExchange(
      _ storage: UnsafeMutableRawPointer, _ value: Self, _ order: Int32
    ) -> Self {
      observable_atomic_exchange_32(storage, value, order)
    }
    /// Compare-exchanges 32-bit atomic storage.
    ///
    /// - Parameters:
    ///   - storage: The atomic storage.
    ///   - expected: The value expected, then the value found.
    ///   - desired: The value to write.
    ///   - order: The memory order on success.
    /// - Returns: Whether it wrote `desired`.
    @_transparent
    @usableFromInline package static func _atomicCompareExchange(
      _ storage: UnsafeMutableRawPointer, _ expected: inout Self, _ desired: Self, _ order: Int32
    ) -> Bool {
      observable_atomic_compare_exchange_32(storage, &expected, desired, order)
    }
    /// Adds to 32-bit atomic storage.
    ///
    /// - Parameters:
    ///   - storage: The atomic storage.
    ///   - operand: The amount to add.
    ///   - order: The memory order.
    /// - Returns: The value before.
    @_transparent
    @usableFromInline package static func _atomicFetchAdd(
      _ storage: UnsafeMutableRawPointer, _ operand: Self, _ order: Int32
    ) -> Self {
      observable_atomic_fetch_add_32(storage, operand, order)
    }
    /// Subtracts from 32-bit atomic storage.
    ///
    /// - Parameters:
    ///   - storage: The atomic storage.
    ///   - operand: The amount to subtract.
    ///   - order: The memory order.
    /// - Returns: The value before.
    @_transparent
    @usableFromInline package static func _atomicFetchSubtract(
      _ storage: UnsafeMutableRawPointer, _ operand: Self, _ order: Int32
    ) -> Self {
      observable_atomic_fetch_sub_32(storage, operand, order)
    }
    /// Sets bits of 32-bit atomic storage.
    ///
    /// - Parameters:
    ///   - storage: The atomic storage.
    ///   - operand: The bits to set.
    ///   - order: The memory order.
    /// - Returns: The value before.
    @_transparent
    @usableFromInline package static func _atomicFetchOr(
      _ storage: UnsafeMutableRawPointer, _ operand: Self, _ order: Int32
    ) -> Self {
      observable_atomic_fetch_or_32(storage, operand, order)
    }
    /// Clears bits of 32-bit atomic storage.
    ///
    /// - Parameters:
    ///   - storage: The atomic storage.
    ///   - operand: The bits to keep.
    ///   - order: The memory order.
    /// - Returns: The value before.
    @_transparent
    @usableFromInline package static func _atomicFetchAnd(
      _ storage: UnsafeMutableRawPointer, _ operand: Self, _ order: Int32
    ) -> Self {
      observable_atomic_fetch_and_32(storage, operand, order)
    }
  }

  extension UInt64: _AtomicStorageWord {
    /// Initializes 64-bit atomic storage.
    ///
    /// - Parameters:
    ///   - storage: Uninitialized atomic storage.
    ///   - value: The first value.
    @_transparent
    @usableFromInline package static func _atomicInitialize(
      _ storage: UnsafeMutableRawPointer, _ value: Self
    ) {
      observable_atomic_init_64(storage, value)
    }
    /// Reads 64-bit atomic storage.
    ///
    /// - Parameters:
    ///   - storage: The atomic storage.
    ///   - order: The memory order.
    /// - Returns: The value read.
    @_transparent
    @usableFromInline package static func _atomicLoad(
      _ storage: UnsafeMutableRawPointer, _ order: Int32
    ) -> Self {
      observable_atomic_load_64(storage, order)
    }
    /// Writes 64-bit atomic storage.
    ///
    /// - Parameters:
    ///   - storage: The atomic storage.
    ///   - value: The value to write.
    ///   - order: The memory order.
    @_transparent
    @usableFromInline package static func _atomicStore(
      _ storage: UnsafeMutableRawPointer, _ value: Self, _ order: Int32
    ) {
      observable_atomic_store_64(storage, value, order)
    }
    /// Exchanges 64-bit atomic storage.
    ///
    /// - Parameters:
    ///   - storage: The atomic storage.
    ///   - value: The value to write.
    ///   - order: The memory order.
    /// - Returns: The value replaced.
    @_transparent
    @usableFromInline package static func _atomicExchange(
      _ storage: UnsafeMutableRawPointer, _ value: Self, _ order: Int32
    ) -> Self {
      observable_atomic_exchange_64(storage, value, order)
    }
    /// Compare-exchanges 64-bit atomic storage.
    ///
    /// - Parameters:
    ///   - storage: The atomic storage.
    ///   - expected: The value expected, then the value found.
    ///   - desired: The value to write.
    ///   - order: The memory order on success.
    /// - Returns: Whether it wrote `desired`.
    @_transparent
    @usableFromInline package static func _atomicCompareExchange(
      _ storage: UnsafeMutableRawPointer, _ expected: inout Self, _ desired: Self, _ order: Int32
    ) -> Bool {
      observable_atomic_compare_exchange_64(storage, &expected, desired, order)
    }
    /// Adds to 64-bit atomic storage.
    ///
    /// - Parameters:
    ///   - storage: The atomic storage.
    ///   - operand: The amount to add.
    ///   - order: The memory order.
    /// - Returns: The value before.
    @_transparent
    @usableFromInline package static func _atomicFetchAdd(
      _ storage: UnsafeMutableRawPointer, _ operand: Self, _ order: Int32
    ) -> Self {
      observable_atomic_fetch_add_64(storage, operand, order)
    }
    /// Subtracts from 64-bit atomic storage.
    ///
    /// - Parameters:
    ///   - storage: The atomic storage.
    ///   - operand: The amount to subtract.
    ///   - order: The memory order.
    /// - Returns: The value before.
    @_transparent
    @usableFromInline package static func _atomicFetchSubtract(
      _ storage: UnsafeMutableRawPointer, _ operand: Self, _ order: Int32
    ) -> Self {
      observable_atomic_fetch_sub_64(storage, operand, order)
    }
    /// Sets bits of 64-bit atomic storage.
    ///
    /// - Parameters:
    ///   - storage: The atomic storage.
    ///   - operand: The bits to set.
    ///   - order: The memory order.
    /// - Returns: The value before.
    @_transparent
    @usableFromInline package static func _atomicFetchOr(
      _ storage: UnsafeMutableRawPointer, _ operand: Self, _ order: Int32
    ) -> Self {
      observable_atomic_fetch_or_64(storage, operand, order)
    }
    /// Clears bits of 64-bit atomic storage.
    ///
    /// - Parameters:
    ///   - storage: The atomic storage.
    ///   - operand: The bits to keep.
    ///   - order: The memory order.
    /// - Returns: The value before.
    @_transparent
    @usableFromInline package static func _atomicFetchAnd(
      _ storage: UnsafeMutableRawPointer, _ operand: Self, _ order: Int32
    ) -> Self {
      observable_atomic_fetch_and_64(storage, operand, order)
    }
  }

  extension Bool: _AtomicValue {
    /// The 8-bit word storing a `Bool`: 1 for `true`, 0 for `false`.
    @usableFromInline package typealias _AtomicWord = UInt8
    /// The word that stores `value`.
    ///
    /// - Parameter value: The value.
    /// - Returns: 1 for `true`, 0 for `false`.
    @_transparent
    @usableFromInline package static func _encodeAtomic(_ value: consuming Bool) -> UInt8 {
      value ? 1 : 0
    }
    /// The value that `word` stores.
    ///
    /// - Parameter word: A word made by `_encodeAtomic`.
    /// - Returns: Whether the word is non-zero.
    @_transparent
    @usableFromInline package static func _decodeAtomic(_ word: UInt8) -> Bool { word != 0 }
  }

  extension UInt8: _AtomicInteger {
    /// A `UInt8` is its own word.
    ///
    /// - Parameter value: The value.
    /// - Returns: The value.
    @_transparent
    @usableFromInline package static func _encodeAtomic(_ value: consuming UInt8) -> UInt8 { value }
    /// A `UInt8` is its own word.
    ///
    /// - Parameter word: The word.
    /// - Returns: The word.
    @_transparent
    @usableFromInline package static func _decodeAtomic(_ word: UInt8) -> UInt8 { word }
  }

  extension UInt32: _AtomicInteger {
    /// A `UInt32` is its own word.
    ///
    /// - Parameter value: The value.
    /// - Returns: The value.
    @_transparent
    @usableFromInline package static func _encodeAtomic(_ value: consuming UInt32) -> UInt32 {
      value
    }
    /// A `UInt32` is its own word.
    ///
    /// - Parameter word: The word.
    /// - Returns: The word.
    @_transparent
    @usableFromInline package static func _decodeAtomic(_ word: UInt32) -> UInt32 { word }
  }

  extension Int32: _AtomicInteger {
    /// The 32-bit word with the same bits.
    @usableFromInline package typealias _AtomicWord = UInt32
    /// The word with the same bits as `value`.
    ///
    /// - Parameter value: The value.
    /// - Returns: Its bit pattern.
    @_transparent
    @usableFromInline package static func _encodeAtomic(_ value: consuming Int32) -> UInt32 {
      UInt32(bitPattern: value)
    }
    /// The value with the same bits as `word`.
    ///
    /// - Parameter word: The word.
    /// - Returns: The signed value.
    @_transparent
    @usableFromInline package static func _decodeAtomic(_ word: UInt32) -> Int32 {
      Int32(bitPattern: word)
    }
  }

  extension UInt64: _AtomicInteger {
    /// A `UInt64` is its own word.
    ///
    /// - Parameter value: The value.
    /// - Returns: The value.
    @_transparent
    @usableFromInline package static func _encodeAtomic(_ value: consuming UInt64) -> UInt64 {
      value
    }
    /// A `UInt64` is its own word.
    ///
    /// - Parameter word: The word.
    /// - Returns: The word.
    @_transparent
    @usableFromInline package static func _decodeAtomic(_ word: UInt64) -> UInt64 { word }
  }

  extension Int64: _AtomicInteger {
    /// The 64-bit word with the same bits.
    @usableFromInline package typealias _AtomicWord = UInt64
    /// The word with the same bits as `value`.
    ///
    /// - Parameter value: The value.
    /// - Returns: Its bit pattern.
    @_transparent
    @usableFromInline package static func _encodeAtomic(_ value: consuming Int64) -> UInt64 {
      UInt64(bitPattern: value)
    }
    /// The value with the same bits as `word`.
    ///
    /// - Parameter word: The word.
    /// - Returns: The signed value.
    @_transparent
    @usableFromInline package static func _decodeAtomic(_ word: UInt64) -> Int64 {
      Int64(bitPattern: word)
    }
  }

  extension Int: _AtomicInteger {
    #if _pointerBitWidth(_32)
      /// The 32-bit word with the same bits (`Int` is 32 bits wide here, as on watchOS).
      @usableFromInline package typealias _AtomicWord = UInt32
    #else
      /// The 64-bit word with the same bits.
      @usableFromInline package typealias _AtomicWord = UInt64
    #endif
    /// The word with the same bits as `value`.
    ///
    /// - Parameter value: The value.
    /// - Returns: Its bit pattern.
    @_transparent
    @usableFromInline package static func _encodeAtomic(_ value: consuming Int) -> _AtomicWord {
      _AtomicWord(UInt(bitPattern: value))
    }
    /// The value with the same bits as `word`.
    ///
    /// - Parameter word: The word.
    /// - Returns: The signed value.
    @_transparent
    @usableFromInline package static func _decodeAtomic(_ word: _AtomicWord) -> Int {
      Int(bitPattern: UInt(word))
    }
  }

#else

  /// An atomic value: `Synchronization.Atomic`, which is always available here.
  ///
  /// Not public API. Where `Synchronization` needs a newer system than the package's floor
  /// (Darwin), or in a build with `-D OBSERVABLE_PORTABLE_LOCKS`, `_Atomic` is a portable type
  /// with the same methods instead.
  @usableFromInline package typealias _Atomic<Value: AtomicRepresentable> = Atomic<Value>

#endif
