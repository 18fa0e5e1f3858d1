extension CGPath {
    /// The most dash pieces `copy(dashingWithPhase:lengths:transform:)` produces before it declines to dash.
    public static let maximumDashCount = 1_000_000

    /// The path cut into dashes: `lengths` alternate on and off (an odd count repeats to make pairs), starting
    /// `phase` into the pattern. The pattern restarts at each subpath. Curves stay curves.
    ///
    /// An empty pattern, a pattern with a negative or non-finite length, or one that sums to zero leaves the path
    /// undashed (a copy), a defined result where Apple's behaviour is unspecified. So does a pattern that would
    /// cut the path into more than ``maximumDashCount`` dashes, which would otherwise exhaust memory.
    public func copy(dashingWithPhase phase: CGFloat, lengths: [CGFloat],
                     transform: CGAffineTransform = .identity) -> CGPath {
        let source = transform.isIdentity ? self : CGPath(elements: elements.map { $0.applying(transform) })
        let pattern = lengths.count % 2 == 1 ? lengths + lengths : lengths
        let period = pattern.reduce(0, +)
        guard !pattern.isEmpty, pattern.allSatisfy({ $0 >= 0 && $0.isFinite }), period > 0, phase.isFinite else {
            return CGPath(elements: source.elements)
        }
        let measure = PathMeasure(source)
        guard measure.length / period * CGFloat(pattern.count) <= CGFloat(CGPath.maximumDashCount) else {
            return CGPath(elements: source.elements)
        }
        var pieces: [(segments: [Segment], start: CGPoint, closed: Bool)] = []
        for sub in measure.subpaths where sub.length > 0 {
            // Locate the phase inside the pattern.
            var index = 0
            var remaining = pattern[0]
            var offset = phase.truncatingRemainder(dividingBy: period)
            if offset < 0 { offset += period }
            while offset >= remaining {
                offset -= remaining
                index = (index + 1) % pattern.count
                remaining = pattern[index]
            }
            remaining -= offset
            var position: CGFloat = 0
            while position < sub.length {
                let end = min(position + remaining, sub.length)
                if index % 2 == 0, end > position {
                    pieces += measure.pieces(from: sub.offset + position, to: sub.offset + end).map { ($0.segments, $0.start, false) }
                }
                position = end
                index = (index + 1) % pattern.count
                remaining = pattern[index]
            }
        }
        return CGPath.from(pieces: pieces)
    }
}
