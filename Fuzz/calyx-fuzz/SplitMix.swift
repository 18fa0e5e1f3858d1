/// SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators", 2014): a seeded
/// generator whose sequence is the same on every machine and in every process, so a seed names a program.
struct SplitMix: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// FNV-1a over bytes: a digest that, unlike `Hasher`, is the same in every process (Swift seeds `Hasher` per
/// process, which is what the determinism check must not depend on).
struct FNV1a {
    private(set) var value: UInt64 = 0xCBF2_9CE4_8422_2325
    mutating func add(_ bytes: UnsafeRawBufferPointer) {
        for b in bytes { value = (value ^ UInt64(b)) &* 0x100_0000_01B3 }
    }
    mutating func add(_ text: String) { var t = text; t.withUTF8 { add(UnsafeRawBufferPointer($0)) } }
}
