import CoreGraphics

/// The drawing of each showcase panel. Coordinates are the panel's, y up, origin bottom-left; the title bar
/// occupies the top 40 points.
enum ShowcasePanels {
    static let ink = CGColor(red: 0.13, green: 0.16, blue: 0.22, alpha: 1)
    static let accent = CGColor(red: 0.95, green: 0.35, blue: 0.2, alpha: 1)
    static let teal = CGColor(red: 0.1, green: 0.6, blue: 0.6, alpha: 1)
    static let violet = CGColor(red: 0.45, green: 0.3, blue: 0.85, alpha: 1)

    /// A star (lines), a heart (cubic curves), arcs, a rounded rectangle and an even-odd ring.
    static func paths(_ c: CGContext) {
        let star = CGMutablePath()
        for i in 0..<10 {
            let radius: CGFloat = i % 2 == 0 ? 60 : 25
            let angle = CGFloat.pi / 2 + CGFloat(i) * .pi / 5
            let p = CGPoint(x: 85 + radius * cos(angle), y: 195 + radius * sin(angle))
            i == 0 ? star.move(to: p) : star.addLine(to: p)
        }
        star.closeSubpath()
        c.addPath(star); c.setFillColor(accent); c.fillPath()

        let heart = CGMutablePath()
        heart.move(to: CGPoint(x: 235, y: 145))
        heart.addCurve(to: CGPoint(x: 235, y: 225), control1: CGPoint(x: 165, y: 195), control2: CGPoint(x: 200, y: 260))
        heart.addCurve(to: CGPoint(x: 235, y: 145), control1: CGPoint(x: 270, y: 260), control2: CGPoint(x: 305, y: 195))
        c.addPath(heart); c.setFillColor(CGColor(red: 0.85, green: 0.1, blue: 0.3, alpha: 1)); c.fillPath()

        c.setFillColor(teal)
        c.move(to: CGPoint(x: 70, y: 70))
        c.addArc(center: CGPoint(x: 70, y: 70), radius: 45, startAngle: 0, endAngle: .pi * 1.5, clockwise: false)
        c.closePath(); c.fillPath()

        c.setFillColor(violet)
        c.addPath(CGPath(roundedRect: CGRect(x: 135, y: 30, width: 70, height: 80), cornerWidth: 18, cornerHeight: 18, transform: nil))
        c.fillPath()

        let ring = CGMutablePath()
        ring.addEllipse(in: CGRect(x: 220, y: 30, width: 80, height: 80))
        ring.addEllipse(in: CGRect(x: 245, y: 55, width: 30, height: 30))
        c.addPath(ring); c.setFillColor(ink); c.fillPath(using: .evenOdd)
    }

    /// Every cap and join, a dash pattern with phase, and the outline `copy(strokingWithWidth:)` computes.
    static func strokes(_ c: CGContext) {
        c.setStrokeColor(ink)
        c.setLineWidth(16)
        for (i, cap) in [CGLineCap.butt, .round, .square].enumerated() {
            c.setLineCap(cap)
            c.strokeLineSegments(between: [CGPoint(x: 40, y: 245 - CGFloat(i) * 32), CGPoint(x: 140, y: 245 - CGFloat(i) * 32)])
        }
        c.setLineCap(.butt)
        for (i, join) in [CGLineJoin.miter, .round, .bevel].enumerated() {
            c.setLineJoin(join)
            let x = 175 + CGFloat(i) * 45
            c.addLines(between: [CGPoint(x: x, y: 190), CGPoint(x: x + 18, y: 250), CGPoint(x: x + 36, y: 190)])
            c.strokePath()
        }
        c.setLineJoin(.miter)
        c.setStrokeColor(accent)
        c.setLineWidth(6)
        c.setLineDash(phase: 0, lengths: [18, 8, 4, 8])
        c.addEllipse(in: CGRect(x: 30, y: 30, width: 120, height: 120))
        c.strokePath()
        c.setLineDash(phase: 0, lengths: [])

        let wave = CGMutablePath()
        wave.move(to: CGPoint(x: 175, y: 60))
        wave.addCurve(to: CGPoint(x: 295, y: 100), control1: CGPoint(x: 210, y: 160), control2: CGPoint(x: 250, y: -20))
        let outline = wave.copy(strokingWithWidth: 22, lineCap: .round, lineJoin: .round, miterLimit: 10)
        c.addPath(outline); c.setFillColor(CGColor(red: 0.1, green: 0.6, blue: 0.6, alpha: 0.35)); c.fillPath()
        c.addPath(wave); c.setStrokeColor(teal); c.setLineWidth(2); c.strokePath()
    }
}
