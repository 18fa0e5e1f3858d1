/// A 4×4 homogeneous transform in Apple's layout: points are row vectors, `(x, y, z, 1)` maps to `p·M`, and
/// translation lives in `m41`, `m42`, `m43`. `CATransform3D()` is all zeros, as Apple's imported C struct is;
/// use ``CATransform3DIdentity``.
public struct CATransform3D: Hashable, Sendable, CustomStringConvertible {
    /// The first row: how x maps (m14 feeds the perspective divide).
    public var m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat
    /// The second row: how y maps.
    public var m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat
    /// The third row: how z maps (m34 is the usual perspective entry, −1/distance).
    public var m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat
    /// The fourth row: the translation.
    public var m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat

    /// All zeros.
    public init() {
        (m11, m12, m13, m14) = (0, 0, 0, 0); (m21, m22, m23, m24) = (0, 0, 0, 0)
        (m31, m32, m33, m34) = (0, 0, 0, 0); (m41, m42, m43, m44) = (0, 0, 0, 0)
    }

    /// A transform from its sixteen entries, row by row.
    public init(m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat,
                m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat,
                m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat,
                m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat) {
        (self.m11, self.m12, self.m13, self.m14) = (m11, m12, m13, m14)
        (self.m21, self.m22, self.m23, self.m24) = (m21, m22, m23, m24)
        (self.m31, self.m32, self.m33, self.m34) = (m31, m32, m33, m34)
        (self.m41, self.m42, self.m43, self.m44) = (m41, m42, m43, m44)
    }

    /// Rows as arrays (row-major), for algorithms that index.
    package init(rows r: [[CGFloat]]) {
        self.init(m11: r[0][0], m12: r[0][1], m13: r[0][2], m14: r[0][3], m21: r[1][0], m22: r[1][1], m23: r[1][2], m24: r[1][3],
                  m31: r[2][0], m32: r[2][1], m33: r[2][2], m34: r[2][3], m41: r[3][0], m42: r[3][1], m43: r[3][2], m44: r[3][3])
    }

    package var rows: [[CGFloat]] {
        [[m11, m12, m13, m14], [m21, m22, m23, m24], [m31, m32, m33, m34], [m41, m42, m43, m44]]
    }

    /// The rows.
    public var description: String { "CATransform3D(\(rows.map { $0.map { "\($0)" }.joined(separator: " ") }.joined(separator: " | ")))" }

    /// `self · other`: `self` applies first.
    package func concatenating(_ b: CATransform3D) -> CATransform3D {
        let a = self
        return CATransform3D(
            m11: a.m11 * b.m11 + a.m12 * b.m21 + a.m13 * b.m31 + a.m14 * b.m41,
            m12: a.m11 * b.m12 + a.m12 * b.m22 + a.m13 * b.m32 + a.m14 * b.m42,
            m13: a.m11 * b.m13 + a.m12 * b.m23 + a.m13 * b.m33 + a.m14 * b.m43,
            m14: a.m11 * b.m14 + a.m12 * b.m24 + a.m13 * b.m34 + a.m14 * b.m44,
            m21: a.m21 * b.m11 + a.m22 * b.m21 + a.m23 * b.m31 + a.m24 * b.m41,
            m22: a.m21 * b.m12 + a.m22 * b.m22 + a.m23 * b.m32 + a.m24 * b.m42,
            m23: a.m21 * b.m13 + a.m22 * b.m23 + a.m23 * b.m33 + a.m24 * b.m43,
            m24: a.m21 * b.m14 + a.m22 * b.m24 + a.m23 * b.m34 + a.m24 * b.m44,
            m31: a.m31 * b.m11 + a.m32 * b.m21 + a.m33 * b.m31 + a.m34 * b.m41,
            m32: a.m31 * b.m12 + a.m32 * b.m22 + a.m33 * b.m32 + a.m34 * b.m42,
            m33: a.m31 * b.m13 + a.m32 * b.m23 + a.m33 * b.m33 + a.m34 * b.m43,
            m34: a.m31 * b.m14 + a.m32 * b.m24 + a.m33 * b.m34 + a.m34 * b.m44,
            m41: a.m41 * b.m11 + a.m42 * b.m21 + a.m43 * b.m31 + a.m44 * b.m41,
            m42: a.m41 * b.m12 + a.m42 * b.m22 + a.m43 * b.m32 + a.m44 * b.m42,
            m43: a.m41 * b.m13 + a.m42 * b.m23 + a.m43 * b.m33 + a.m44 * b.m43,
            m44: a.m41 * b.m14 + a.m42 * b.m24 + a.m43 * b.m34 + a.m44 * b.m44)
    }

    /// `T(x, y, z) · self` — the translation applied first — without the whole product (the terms the
    /// translation's zeros and ones drop): what placing every layer does every frame.
    package func translatedFirst(x: CGFloat, y: CGFloat, z: CGFloat) -> CATransform3D {
        var r = self
        r.m41 = x * m11 + y * m21 + z * m31 + m41
        r.m42 = x * m12 + y * m22 + z * m32 + m42
        r.m43 = x * m13 + y * m23 + z * m33 + m43
        r.m44 = x * m14 + y * m24 + z * m34 + m44
        return r
    }

    /// `self · T(x, y, z)` — the translation applied last — likewise.
    package func translatedLast(x: CGFloat, y: CGFloat, z: CGFloat) -> CATransform3D {
        var r = self
        r.m11 = m11 + m14 * x; r.m12 = m12 + m14 * y; r.m13 = m13 + m14 * z
        r.m21 = m21 + m24 * x; r.m22 = m22 + m24 * y; r.m23 = m23 + m24 * z
        r.m31 = m31 + m34 * x; r.m32 = m32 + m34 * y; r.m33 = m33 + m34 * z
        r.m41 = m41 + m44 * x; r.m42 = m42 + m44 * y; r.m43 = m43 + m44 * z
        return r
    }

    /// Maps a point (z = 0 unless given) and divides by w.
    package func project(_ p: CGPoint, z: CGFloat = 0) -> (point: CGPoint, z: CGFloat, w: CGFloat) {
        let x = p.x * m11 + p.y * m21 + z * m31 + m41
        let y = p.x * m12 + p.y * m22 + z * m32 + m42
        let zz = p.x * m13 + p.y * m23 + z * m33 + m43
        let w = p.x * m14 + p.y * m24 + z * m34 + m44
        return (CGPoint(x: x / w, y: y / w), zz / w, w)
    }

    /// Whether every entry is finite (worked out without building the rows).
    package var isFinite: Bool {
        m11.isFinite && m12.isFinite && m13.isFinite && m14.isFinite && m21.isFinite && m22.isFinite && m23.isFinite
            && m24.isFinite && m31.isFinite && m32.isFinite && m33.isFinite && m34.isFinite && m41.isFinite
            && m42.isFinite && m43.isFinite && m44.isFinite
    }
}

/// The identity transform.
public let CATransform3DIdentity = CATransform3D(m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0,
                                                 m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)

/// Whether `t` is the identity.
public func CATransform3DIsIdentity(_ t: CATransform3D) -> Bool { t == CATransform3DIdentity }
/// Whether two transforms are equal.
public func CATransform3DEqualToTransform(_ a: CATransform3D, _ b: CATransform3D) -> Bool { a == b }

/// A translation.
public func CATransform3DMakeTranslation(_ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    var t = CATransform3DIdentity
    (t.m41, t.m42, t.m43) = (tx, ty, tz)
    return t
}

/// A scale.
public func CATransform3DMakeScale(_ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    var t = CATransform3DIdentity
    (t.m11, t.m22, t.m33) = (sx, sy, sz)
    return t
}

/// Rotation by `angle` radians about the axis (x, y, z), counter-clockwise looking down the axis toward the
/// origin. A zero-length (or non-finite) axis gives the identity, as Apple documents.
public func CATransform3DMakeRotation(_ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    let length = (x * x + y * y + z * z).squareRoot()
    guard length > 0, length.isFinite, angle.isFinite else { return CATransform3DIdentity }
    let (ux, uy, uz) = (x / length, y / length, z / length)
    let c = cos(angle), s = sin(angle), t = 1 - c
    // About a coordinate axis, build the matrix exactly: the general formula's (1 − c) + c is not always 1
    // in floating point, and a rotation about z must stay affine (semantics §0.2).
    if ux == 0 && uy == 0 {
        let sz: CGFloat = uz > 0 ? s : -s
        return CATransform3D(m11: c, m12: sz, m13: 0, m14: 0, m21: -sz, m22: c, m23: 0, m24: 0,
                             m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)
    }
    if uy == 0 && uz == 0 {
        let sx: CGFloat = ux > 0 ? s : -s
        return CATransform3D(m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: c, m23: sx, m24: 0,
                             m31: 0, m32: -sx, m33: c, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)
    }
    if ux == 0 && uz == 0 {
        let sy: CGFloat = uy > 0 ? s : -s
        return CATransform3D(m11: c, m12: 0, m13: -sy, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0,
                             m31: sy, m32: 0, m33: c, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)
    }
    return CATransform3D(
        m11: t * ux * ux + c, m12: t * ux * uy + s * uz, m13: t * ux * uz - s * uy, m14: 0,
        m21: t * ux * uy - s * uz, m22: t * uy * uy + c, m23: t * uy * uz + s * ux, m24: 0,
        m31: t * ux * uz + s * uy, m32: t * uy * uz - s * ux, m33: t * uz * uz + c, m34: 0,
        m41: 0, m42: 0, m43: 0, m44: 1)
}

/// `translate · t`: the translation applies first, in `t`'s local space.
public func CATransform3DTranslate(_ t: CATransform3D, _ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    CATransform3DMakeTranslation(tx, ty, tz).concatenating(t)
}
/// `t` with a scale applied before it.
public func CATransform3DScale(_ t: CATransform3D, _ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    CATransform3DMakeScale(sx, sy, sz).concatenating(t)
}
/// `rotate · t`. Apple leaves a zero axis undefined here; Calyx returns `t` unchanged.
public func CATransform3DRotate(_ t: CATransform3D, _ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    CATransform3DMakeRotation(angle, x, y, z).concatenating(t)
}
/// `a · b`: `a` applies first.
public func CATransform3DConcat(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D { a.concatenating(b) }

/// The inverse; a singular (or non-finite) matrix is returned unchanged, as Apple documents.
public func CATransform3DInvert(_ t: CATransform3D) -> CATransform3D {
    Matrix4(t).inverted?.transform ?? t
}

/// The 3D form of an affine transform.
public func CATransform3DMakeAffineTransform(_ a: CGAffineTransform) -> CATransform3D {
    var t = CATransform3DIdentity
    (t.m11, t.m12, t.m21, t.m22, t.m41, t.m42) = (a.a, a.b, a.c, a.d, a.tx, a.ty)
    return t
}

/// Whether `t` is a 2-D affine map (no z terms, no perspective).
public func CATransform3DIsAffine(_ t: CATransform3D) -> Bool {
    t.m13 == 0 && t.m23 == 0 && t.m31 == 0 && t.m32 == 0 && t.m33 == 1 && t.m34 == 0 && t.m43 == 0
        && t.m14 == 0 && t.m24 == 0 && t.m44 == 1
}

/// The 2-D part (m11, m12, m21, m22, m41, m42).
/// The affine transform `t` represents; identity when `t` is not affine (what Apple's returns, where its header
/// calls the result undefined). Drawing that wants the 2-D part of any transform uses `twoDimensionalPart`.
public func CATransform3DGetAffineTransform(_ t: CATransform3D) -> CGAffineTransform {
    CATransform3DIsAffine(t) ? t.twoDimensionalPart : .identity
}

extension CATransform3D {
    /// The x–y part of the transform, whatever its other entries: how snapshot drawing (`render(in:)`) applies
    /// 3-D transforms, as Apple's does.
    package var twoDimensionalPart: CGAffineTransform {
        CGAffineTransform(a: m11, b: m12, c: m21, d: m22, tx: m41, ty: m42)
    }
}
