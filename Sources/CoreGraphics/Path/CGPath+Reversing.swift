extension CGPath {
    /// The same shape traced the other way: each subpath reversed on its own, in place (UIKit's
    /// `reversing()`). An open subpath starts at its old end; a closed one keeps its start point and runs back
    /// through its points, its closing line made explicit.
    package func reversingEachSubpath() -> CGPath {
        var reversed: [PathElement] = []
        reversed.reserveCapacity(elements.count + 2)
        var start: CGPoint?
        var segments: [(element: PathElement, from: CGPoint)] = []
        var current = CGPoint.zero

        func flush(closed: Bool) {
            guard let origin = start else { return }
            if closed {
                reversed.append(.move(origin))
                if current != origin { reversed.append(.line(current)) }
            } else {
                reversed.append(.move(current))
            }
            for (element, from) in segments.reversed() {
                switch element {
                case .line: reversed.append(.line(from))
                case .quad(let c, _): reversed.append(.quad(c, from))
                case .cubic(let c1, let c2, _): reversed.append(.cubic(c2, c1, from))
                case .move, .close: break
                }
            }
            if closed { reversed.append(.close) }
            start = nil
            segments = []
        }

        for element in elements {
            switch element {
            case .move(let p):
                flush(closed: false)
                start = p
                current = p
            case .close:
                let origin = start
                flush(closed: true)
                // (Drawing after a close continues from the subpath's start.)
                if let origin { current = origin }
            case .line(let end), .quad(_, let end), .cubic(_, _, let end):
                if start == nil { start = current }   // (after a close: a new subpath from the old start)
                segments.append((element, current))
                current = end
            }
        }
        flush(closed: false)
        return CGPath(elements: reversed)
    }
}
