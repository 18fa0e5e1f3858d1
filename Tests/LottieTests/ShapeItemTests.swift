import Testing
import Foundation
import QuartzCore
@testable import Lottie

/// Shape items probed at points worked out from After Effects' definitions: rounded corners cut a square's
/// corners, a star's points lie on its outer radius, a repeater's first copy has the start opacity and its last
/// the end opacity (After Effects' and lottie-web's rule; rlottie and ThorVG space them differently), and a
/// trimmed fill fills only the part of the path kept.
@Suite struct ShapeItemTests {
    static func layer(_ items: String) -> String {
        #"{"ty":4,"ind":1,"ip":0,"op":60,"st":0,"ks":{},"shapes":[{"ty":"gr","it":[\#(items),"# +
            #"{"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}]}]}"#
    }
    static let redFill = #"{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}"#
    static let square = #"{"ty":"sh","ks":{"a":0,"k":{"c":true,"v":[[30,20],[70,20],[70,60],[30,60]],"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]]}}}"#

    func frame(_ items: String) throws -> (bytes: [UInt8], stride: Int) {
        let player = try player(composition(Self.layer(items)))
        var result: (bytes: [UInt8], stride: Int) = ([], 0)
        withManualClock { clock in result = render(player, at: 0, clock: clock) }
        return result
    }

    @Test func roundedCornersCutTheCorners() throws {
        let sharp = try frame([Self.square, Self.redFill].joined(separator: ","))
        let rounded = try frame([Self.square, #"{"ty":"rd","r":{"a":0,"k":10}}"#, Self.redFill].joined(separator: ","))
        // 1.5 points in from the corner lies outside a 10-point rounding (the curve passes 2.9 points in).
        #expect(isRed(sharp, 31, 21) && isClear(rounded, 31, 21))
        #expect(isRed(rounded, 50, 40) && isRed(rounded, 50, 21) && isRed(rounded, 31, 40), "the edges stay")
    }

    @Test func aStarsPointsLieOnItsOuterRadius() throws {
        let star = #"{"ty":"sr","sy":1,"d":1,"p":{"a":0,"k":[50,40]},"pt":{"a":0,"k":5},"r":{"a":0,"k":0},"# +
            #""or":{"a":0,"k":30},"os":{"a":0,"k":0},"ir":{"a":0,"k":10},"is":{"a":0,"k":0}}"#
        let f = try frame([star, Self.redFill].joined(separator: ","))
        // The first point is straight up, 30 from the centre; between two points the outline is 10 from it.
        #expect(isRed(f, 50, 16) && isClear(f, 50, 8) && isClear(f, 44, 16))
        #expect(isRed(f, 50, 40) && isClear(f, 50, 55), "below the centre lies the notch between the two lower points")
    }

    @Test func aRepeatersCopiesRunFromStartToEndOpacity() throws {
        let bar = #"{"ty":"rc","p":{"a":0,"k":[20,40]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}}"#
        let repeater = #"{"ty":"rp","c":{"a":0,"k":3},"o":{"a":0,"k":0},"m":1,"tr":{"ty":"tr","p":{"a":0,"k":[30,0]},"# +
            #""a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"so":{"a":0,"k":100},"eo":{"a":0,"k":0}}}"#
        let f = try frame([bar, Self.redFill, repeater].joined(separator: ","))
        func alpha(_ x: Int) -> Int { Int(f.bytes[40 * f.stride + x * 4 + 3]) }
        #expect(alpha(20) > 250 && abs(alpha(50) - 128) <= 2 && alpha(80) < 3, "\(alpha(20)) \(alpha(50)) \(alpha(80))")
    }

    @Test func aTrimmedFillFillsTheKeptPart() throws {
        // The square's outline runs clockwise from its top-left corner; the first quarter is its top edge, so a
        // trim to 0…50 % keeps the top and right edges, and their fill is the triangle above the diagonal.
        let trim = #"{"ty":"tm","s":{"a":0,"k":0},"e":{"a":0,"k":50},"o":{"a":0,"k":0},"m":1}"#
        let f = try frame([Self.square, trim, Self.redFill].joined(separator: ","))
        #expect(isRed(f, 60, 30) && isClear(f, 40, 50))
    }

    /// A stroke's dashes (`d`): a line from x = 10 to 90, dash 10 and gap 10, so 10…20 is drawn and 20…30 not. The
    /// offset moves 0 → 10 over the two seconds, which at the end starts the line in a gap (10…20 clear, 20…30
    /// drawn); a dash growing 10 → 20 at the same time instead draws 10…30 and leaves 30…40 clear.
    @Test func dashesFollowTheirLengthsAndOffset() throws {
        let line = #"{"ty":"sh","ks":{"a":0,"k":{"c":false,"v":[[10,40],[90,40]],"i":[[0,0],[0,0]],"o":[[0,0],[0,0]]}}}"#
        func stroke(_ dashes: String) -> String {
            #"{"ty":"st","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":4},"lc":1,"lj":1,"d":[\#(dashes)]}"#
        }
        let moving = #"{"a":1,"k":[{"t":0,"s":[0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":60,"s":[10]}]}"#
        let growing = #"{"a":1,"k":[{"t":0,"s":[10],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":60,"s":[20]}]}"#
        let still = #"{"n":"d","v":{"a":0,"k":10}},{"n":"g","v":{"a":0,"k":10}}"#
        let offsetting = try player(composition(Self.layer([line, stroke(still + #",{"n":"o","v":"# + moving + "}")].joined(separator: ","))))
        let lengthening = try player(composition(Self.layer([line, stroke(#"{"n":"d","v":"# + growing + #"},{"n":"g","v":{"a":0,"k":10}}"#)].joined(separator: ","))))
        withManualClock { clock in
            let start = render(offsetting, at: 0, clock: clock)
            #expect(isRed(start, 15, 40) && isClear(start, 25, 40) && isRed(start, 35, 40))
            offsetting.currentFrame = 60
            let end = render(offsetting, at: 0, clock: clock)
            #expect(isClear(end, 15, 40) && isRed(end, 25, 40) && isClear(end, 35, 40))
            lengthening.currentFrame = 60
            let grown = render(lengthening, at: 0, clock: clock)
            #expect(isRed(grown, 15, 40) && isRed(grown, 25, 40) && isClear(grown, 35, 40) && isRed(grown, 45, 40))
        }
    }

    /// Bloat (pucker and bloat at +50 %) moves a rectangle's own corners halfway to its centre and their handles
    /// half as far again outward: the 40-point square centred at (50, 40) becomes four bulging curves, each edge's
    /// middle 5 points beyond the old edge (the cubic's midpoint: ⅛·60 + ⅜·80 + ⅜·80 + ⅛·60 = 75), and its old
    /// corners fall outside. An ellipse is moved the same way, so a bloated circle's top comes down.
    /// The centre pucker and bloat move toward is the vertices' box's: LottieFiles' `pucker` test file (a
    /// pentagon of radius 24.251 about the origin, pucker 40 %) has its top point at y = −33.03 in After
    /// Effects' render (the round-joined stroke's tip on pixel row 6 of the 80-point frame, its centre at 40) —
    /// 1.4 × −24.251 less 0.4 × the box's centre −2.316. The vertices' mean (0) would put it at −33.95.
    @Test func puckerAndBloatMoveAboutTheCentreOfTheVerticesBox() {
        let r = 24.251
        let pentagon = BezierShape(closed: true, vertices: (0..<5).map { k in
            let a = -Double.pi / 2 + Double(k) * 2 * .pi / 5
            return CGPoint(x: r * cos(a), y: r * sin(a))
        }, inTangents: Array(repeating: .zero, count: 5), outTangents: Array(repeating: .zero, count: 5))
        let boxCentre = (-r + r * sin(-Double.pi / 2 + 2 * 2 * .pi / 5)) / 2
        #expect(abs(boxCentre - -2.316) < 0.001)
        let puckered = pentagon.puckeredOrBloated(by: -0.4)
        #expect(abs(puckered.vertices[0].y - (1.4 * -r - 0.4 * boxCentre)) < 1e-9, "\(puckered.vertices[0])")
        #expect(abs(puckered.vertices[0].x) < 1e-9)
        // A triangle whose mean (20, 10) and box centre (30, 15) differ: bloat 50 % takes (60, 0) halfway to the latter.
        let triangle = BezierShape(closed: true, vertices: [.zero, CGPoint(x: 60, y: 0), CGPoint(x: 0, y: 30)],
                                   inTangents: Array(repeating: .zero, count: 3), outTangents: Array(repeating: .zero, count: 3))
        #expect(triangle.puckeredOrBloated(by: 0.5).vertices[1] == CGPoint(x: 45, y: 7.5))
    }

    @Test func bloatMovesARectanglesAndAnEllipsesVertices() throws {
        let rect = #"{"ty":"rc","p":{"a":0,"k":[50,40]},"s":{"a":0,"k":[40,40]},"r":{"a":0,"k":0}}"#
        let bloat = #"{"ty":"pb","a":{"a":0,"k":50}}"#
        let plain = try frame([rect, Self.redFill].joined(separator: ","))
        let bloated = try frame([rect, bloat, Self.redFill].joined(separator: ","))
        #expect(isClear(plain, 73, 40) && isRed(bloated, 73, 40), "the edge bulges out")
        #expect(isRed(plain, 68, 22) && isClear(bloated, 68, 22), "the corner goes in")
        let circle = #"{"ty":"el","p":{"a":0,"k":[50,40]},"s":{"a":0,"k":[40,40]}}"#
        let round = try frame([circle, Self.redFill].joined(separator: ","))
        let puffed = try frame([circle, bloat, Self.redFill].joined(separator: ","))
        #expect(isRed(round, 50, 22) && isClear(puffed, 50, 22), "the bloated circle's top vertex moved halfway in")
    }

    /// A 40-point square centred on a group's origin, the group at (50, 40) with `transform` keys added.
    static func squareGroup(_ transform: String, fill: Bool = true) -> String {
        #"{"ty":"gr","it":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[40,40]},"r":{"a":0,"k":0}},"# +
            (fill ? redFill + "," : "") + #"{"ty":"tr","p":{"a":0,"k":[50,40]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"# +
            #""r":{"a":0,"k":0},"o":{"a":0,"k":100}\#(transform)}]}"#
    }

    /// A skew of 45° along x leans the square: After Effects moves x against y (x' = x − y about the group's
    /// origin, as its reference renders of LottieFiles' test files show), so the row 15 points above the centre
    /// spans x 45…85 and the row 15 below spans 15…55.
    @Test func aSkewLeansTheSquareAlongItsAxis() throws {
        let f = try frame(Self.squareGroup(#","sk":{"a":0,"k":45},"sa":{"a":0,"k":0}"#))
        #expect(isRed(f, 47, 25) && isClear(f, 43, 25) && isRed(f, 83, 25) && isClear(f, 87, 25))
        #expect(isRed(f, 17, 55) && isClear(f, 13, 55) && isRed(f, 53, 55) && isClear(f, 57, 55))
    }

    /// Along an axis at 45° the same skew turns the square into a kite from (50, 0) to (50, 80): turned onto
    /// the axis, sheared, turned back, its corners land at (50, 0), (70, 20), (50, 80) and (30, 60).
    @Test func aSkewAlongATurnedAxis() throws {
        let f = try frame(Self.squareGroup(#","sk":{"a":0,"k":45},"sa":{"a":0,"k":45}"#))
        #expect(isRed(f, 50, 40) && isRed(f, 58, 10) && isClear(f, 40, 10))
        #expect(isRed(f, 45, 70) && isClear(f, 58, 70) && isClear(f, 75, 40))
    }

    /// A layer's own skew does the same through the layer's transform.
    @Test func aLayersSkewLeansItsContent() throws {
        let layer = #"{"ty":4,"ind":1,"ip":0,"op":60,"st":0,"ks":{"p":{"a":0,"k":[50,40]},"sk":{"a":0,"k":45},"sa":{"a":0,"k":0}},"# +
            #""shapes":[\#(Self.squareGroup("").replacingOccurrences(of: "[50,40]", with: "[0,0]"))]}"#
        let player = try player(composition(layer))
        var f: (bytes: [UInt8], stride: Int) = ([], 0)
        withManualClock { clock in f = render(player, at: 0, clock: clock) }
        #expect(isRed(f, 47, 25) && isClear(f, 43, 25) && isRed(f, 83, 25) && isClear(f, 87, 25))
    }

    /// A fill after a group fills the group's paths, moved by the group's transform: the square, its group at
    /// (60, 40), covers x 40…80.
    @Test func aStyleAfterAGroupDrawsTheGroupsPaths() throws {
        let group = Self.squareGroup("", fill: false).replacingOccurrences(of: "[50,40]", with: "[60,40]")
        let f = try frame([group, Self.redFill].joined(separator: ","))
        #expect(isRed(f, 42, 40) && isRed(f, 78, 40) && isClear(f, 37, 40) && isClear(f, 82, 40))
    }

    /// A trim after a group trims the group's paths, which the group's own stroke then draws: the circle's first
    /// half, clockwise from the top (After Effects' start), is its right half.
    @Test func aTrimAfterAGroupTrimsThePathsInIt() throws {
        let circle = #"{"ty":"el","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[40,40]}}"#
        let stroke = #"{"ty":"st","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":4},"lc":1,"lj":1,"ml":4}"#
        let group = #"{"ty":"gr","it":[\#(circle),\#(stroke),{"ty":"tr","p":{"a":0,"k":[50,40]}}]}"#
        let trim = #"{"ty":"tm","s":{"a":0,"k":0},"e":{"a":0,"k":50},"o":{"a":0,"k":0},"m":1}"#
        let whole = try frame(group), trimmed = try frame([group, trim].joined(separator: ","))
        #expect(isRed(whole, 70, 40) && isRed(whole, 29, 40))
        #expect(isRed(trimmed, 70, 40) && isClear(trimmed, 29, 40))
    }

    /// A fill's blend mode blends it with what is behind it: a blue square darkening a yellow one leaves black
    /// where they overlap (darken keeps each channel's smaller value) and each colour where it is alone.
    @Test func aFillsBlendModeBlendsWithWhatIsBehind() throws {
        func square(_ x: Int, _ rgb: String, _ blend: Int) -> String {
            #"{"ty":"gr","it":[{"ty":"rc","p":{"a":0,"k":[\#(x),40]},"s":{"a":0,"k":[30,30]},"r":{"a":0,"k":0}},"# +
                #"{"ty":"fl","c":{"a":0,"k":[\#(rgb),1]},"o":{"a":0,"k":100},"bm":\#(blend)},{"ty":"tr","p":{"a":0,"k":[0,0]}}]}"#
        }
        let f = try frame([square(45, "0,0,1", 4), square(55, "1,1,0", 0)].joined(separator: ","))
        func bgra(_ x: Int, _ y: Int) -> [UInt8] { Array(f.bytes[(y * f.stride + x * 4)..<(y * f.stride + x * 4 + 4)]) }
        #expect(bgra(50, 40) == [0, 0, 0, 255], "\(bgra(50, 40))")
        #expect(bgra(35, 40) == [255, 0, 0, 255] && bgra(66, 40) == [0, 255, 255, 255], "\(bgra(35, 40)) \(bgra(66, 40))")
    }
}
