/// Something `calyx port` could not rewrite, at a place in a file, with what to do by hand.
public struct PortFinding: Hashable, Sendable, CustomStringConvertible {
    public let file: String
    public let line: Int
    public let column: Int
    public let message: String

    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file; self.line = line; self.column = column; self.message = message
    }

    /// The compiler's diagnostic shape, so editors and CI logs link it.
    public var description: String { "\(file):\(line):\(column): warning: \(message)" }
}
