import Foundation

/// A text layer's document (`t.d`): its text at each keyframe (a keyframe holds until the next), with font,
/// size, colours, justification, tracking and line height.
struct TextModel: Sendable {
    struct Document: Sendable {
        var text: String
        var fontName: String
        var size: Double
        var fillColor: [Double]?
        var strokeColor: [Double]?
        var strokeWidth: Double
        /// 0 left, 1 right, 2 centre.
        var justification: Int
        /// Extra space between characters, in thousandths of an em.
        var tracking: Double
        var lineHeight: Double
    }
    /// The documents and the layer frames they start at, in order.
    var documents: [(frame: Double, document: Document)]
}

extension TextModel: Decodable {
    private enum Keys: String, CodingKey { case d }
    private enum DocumentKeys: String, CodingKey { case k }
    private enum FrameKeys: String, CodingKey { case s, t }
    private enum StyleKeys: String, CodingKey { case t, f, s, fc, sc, sw, j, tr, lh }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        var frames = try c.nestedContainer(keyedBy: DocumentKeys.self, forKey: .d).nestedUnkeyedContainer(forKey: .k)
        var documents: [(Double, Document)] = []
        while !frames.isAtEnd, documents.count < 4_096 {
            let frame = try frames.nestedContainer(keyedBy: FrameKeys.self)
            let t = (try? frame.decodeIfPresent(Double.self, forKey: .t)) ?? 0
            let s = try frame.nestedContainer(keyedBy: StyleKeys.self, forKey: .s)
            func number(_ key: StyleKeys, _ fallback: Double) -> Double {
                let v = (try? s.decodeIfPresent(Double.self, forKey: key)) ?? fallback
                return v.isFinite ? v : fallback
            }
            let size = min(max(number(.s, 12), 0), 16_384)
            documents.append((t.isFinite ? t : 0, Document(
                text: (try? s.decodeIfPresent(String.self, forKey: .t)) ?? "", fontName: (try? s.decodeIfPresent(String.self, forKey: .f)) ?? "Helvetica",
                size: size, fillColor: try? s.decodeIfPresent([Double].self, forKey: .fc), strokeColor: try? s.decodeIfPresent([Double].self, forKey: .sc),
                strokeWidth: number(.sw, 0), justification: Int(number(.j, 0)), tracking: number(.tr, 0),
                lineHeight: number(.lh, size * 1.2))))
        }
        self.documents = documents.sorted { $0.0 < $1.0 }
    }
}
