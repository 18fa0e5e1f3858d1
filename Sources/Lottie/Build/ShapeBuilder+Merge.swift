import CoreGraphics
import Foundation

extension ShapeBuilder {
    /// Whether an item is a Merge Paths.
    static func isMerge(_ item: ShapeItem) -> Bool {
        if case .merge = item { return true }
        return false
    }

    /// After Effects' Merge Paths of `shapes` (in the group's order, topmost first): the shapes themselves for
    /// "Merge" (one compound path, which the fill's rule fills), otherwise the outline of the areas they combine,
    /// each shape's area taken by the non-zero rule — the union for "Add", the first shape's area less the
    /// others' for "Subtract", the area all of them cover for "Intersect", and for "Exclude Intersections" what
    /// an odd number of them cover (each folded in turn, as After Effects and Skia's Skottie combine them).
    /// CGPath's set operations do the combining; their outlines are polygons that follow the curves closely
    /// (CGPath+SetOperations.swift), returned as straight-sided shapes so the modifiers after the merge can
    /// change them.
    static func merged(_ shapes: [BezierShape], mode: MergeMode) -> [BezierShape] {
        guard mode != .merge, var combined = shapes.first?.path() as CGPath? else { return shapes }
        for shape in shapes.dropFirst() {
            let next = shape.path()
            switch mode {
            case .add: combined = combined.union(next)
            case .subtract: combined = combined.subtracting(next)
            case .intersect: combined = combined.intersection(next)
            case .excludeIntersections: combined = combined.symmetricDifference(next)
            case .merge: break
            }
        }
        // (One shape alone is still outlined: its area, as any other mode's result, crosses itself nowhere.)
        if shapes.count == 1 { combined = combined.normalized() }
        return BezierShape.polygons(of: combined)
    }
}

extension BezierShape {
    /// A polygonal path's subpaths as closed shapes with straight sides (no tangents).
    static func polygons(of path: CGPath) -> [BezierShape] {
        var shapes: [BezierShape] = []
        var vertices: [CGPoint] = []
        func finish() {
            if vertices.count > 2 {
                let zeros = [CGPoint](repeating: .zero, count: vertices.count)
                shapes.append(BezierShape(closed: true, vertices: vertices, inTangents: zeros, outTangents: zeros))
            }
            vertices = []
        }
        path.applyWithBlock { element in
            switch element.pointee.type {
            case .moveToPoint: finish(); vertices.append(element.pointee.points[0])
            case .addLineToPoint: vertices.append(element.pointee.points[0])
            case .addQuadCurveToPoint: vertices.append(element.pointee.points[1])
            case .addCurveToPoint: vertices.append(element.pointee.points[2])
            case .closeSubpath: finish()
            }
        }
        finish()
        return shapes
    }
}
