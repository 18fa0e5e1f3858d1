import Foundation

/// Names a property (or a set of them) in an animation's hierarchy — lottie-ios's `AnimationKeypath`: the names
/// of layers, groups and items down to a property, separated by dots, as in `"Layer 1.Ellipse 1.Fill 1.Color"`.
/// `*` stands for any one name and `**` for any number of them (`"**.Fill 1.Color"`: every `Fill 1`'s colour).
public struct AnimationKeypath: Hashable, ExpressibleByStringLiteral, Sendable {
    /// The names, outermost first.
    public let keys: [String]
    /// The keypath as written, names joined by dots.
    public var string: String { keys.joined(separator: ".") }

    /// A keypath from dot-separated names.
    public init(keypath: String) {
        keys = keypath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }
    /// A keypath from its names.
    public init(keys: [String]) { self.keys = keys }
    /// A keypath written as a string literal (`"**.Fill 1.Color"`).
    public init(stringLiteral value: String) { self.init(keypath: value) }

    /// Whether the keypath names `path` (a property's full path, outermost first).
    func matches(_ path: [String]) -> Bool {
        // Memoised over (key index, path index): a keypath of many `**` against a deep path stays quadratic.
        var memo: [Int: Bool] = [:]
        func match(_ k: Int, _ p: Int) -> Bool {
            let id = k * (path.count + 1) + p
            if let known = memo[id] { return known }
            let result: Bool
            if k == keys.count {
                result = p == path.count
            } else if keys[k] == "**" {
                result = match(k + 1, p) || (p < path.count && match(k, p + 1))
            } else {
                result = p < path.count && (keys[k] == "*" || keys[k] == path[p]) && match(k + 1, p + 1)
            }
            memo[id] = result
            return result
        }
        return match(0, 0)
    }
}
