/// One kind of particle in an emitter: how many are born, how long they live, how they move and look.
/// Mean M with range R means a value uniform in [M − R/2, M + R/2] (semantics §9.6). A cell adopts
/// `CAMediaTiming` but is not a layer.
open class CAEmitterCell: NSObject, CAMediaTiming, @unchecked Sendable {
    /// Names the cell in key paths (`emitterCells.spark.birthRate`).
    open var name: String?
    /// Whether the cell makes particles.
    open var isEnabled = true
    /// Particles made per second (times the layer's birth rate).
    open var birthRate: Float = 0
    /// How long a particle lives, in seconds (times the layer's lifetime).
    open var lifetime: Float = 0
    /// How far each particle's lifetime may differ, either way.
    open var lifetimeRange: Float = 0
    /// The launch direction's angle from the x–y plane, in radians.
    open var emissionLatitude: CGFloat = 0
    /// The launch direction's angle within the x–y plane, in radians.
    open var emissionLongitude: CGFloat = 0
    /// The cone around the launch direction particles spread over, in radians.
    open var emissionRange: CGFloat = 0
    /// The launch speed, in points per second.
    open var velocity: CGFloat = 0
    /// How far each particle's speed may differ, either way.
    open var velocityRange: CGFloat = 0
    /// Acceleration along x, in points per second squared.
    open var xAcceleration: CGFloat = 0
    /// Acceleration along y (gravity, on a y-down screen, is positive).
    open var yAcceleration: CGFloat = 0
    /// Acceleration along z.
    open var zAcceleration: CGFloat = 0
    /// The particle's size as a multiple of its image's.
    open var scale: CGFloat = 1
    /// How far each particle's scale may differ, either way.
    open var scaleRange: CGFloat = 0
    /// How fast the scale changes, per second.
    open var scaleSpeed: CGFloat = 0
    /// The rotation speed, in radians per second.
    open var spin: CGFloat = 0
    /// How far each particle's spin may differ, either way.
    open var spinRange: CGFloat = 0
    /// The colour the image is multiplied by.
    open var color: CGColor? = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
    /// How far each particle's colour components may differ, either way.
    open var redRange: Float = 0, greenRange: Float = 0, blueRange: Float = 0, alphaRange: Float = 0
    /// How fast each colour component changes, per second.
    open var redSpeed: Float = 0, greenSpeed: Float = 0, blueSpeed: Float = 0, alphaSpeed: Float = 0
    /// The particle's image (a `CGImage`).
    open var contents: Any?
    /// The part of the image drawn, in unit coordinates.
    open var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    /// Pixels per point of the image.
    open var contentsScale: CGFloat = 1
    /// How the image is sampled when drawn smaller.
    open var minificationFilter = CALayerContentsFilter.linear.rawValue
    /// How the image is sampled when drawn larger.
    open var magnificationFilter = CALayerContentsFilter.linear.rawValue
    /// Shifts the level of detail used when drawn smaller.
    open var minificationFilterBias: Float = 0
    /// Cells whose particles each particle of this cell emits.
    open var emitterCells: [CAEmitterCell]?
    /// Default values for properties not set, by key.
    open var style: [AnyHashable: Any]?
    /// When the cell starts, in its emitter's time.
    open var beginTime: CFTimeInterval = 0
    /// How long the cell's active period lasts.
    open var duration: CFTimeInterval = 0
    /// How fast the cell's time runs relative to its emitter's.
    open var speed: Float = 1
    /// A shift of the cell's time.
    open var timeOffset: CFTimeInterval = 0
    /// How many times the cell's period repeats.
    open var repeatCount: Float = 0
    /// How long the cell's repeats last.
    open var repeatDuration: CFTimeInterval = 0
    /// Whether the cell's period plays back after it plays.
    open var autoreverses = false
    /// Whether the cell stays active before its start and after its end.
    open var fillMode = CAMediaTimingFillMode.removed
    var taggedValues: [String: Any] = [:]
    /// The part of `contents` that `contentsRect` selects, kept for the source image and rect it was cut for.
    /// A commit's copy of a cell is drawn by every render tree holding it, each on its own thread, so the cache
    /// is reached only under its guard.
    private var particleImageCache: (source: CGImage, rect: CGRect, image: CGImage)?
    private let particleImageCacheGuard = CacheGuard()

    /// A cell that makes nothing until given a birth rate, lifetime and contents.
    public override init() { super.init() }

    /// Apple's `+defaultValueForKey:` answers the documented non-zero defaults (`scale` 1, `enabled` true,
    /// `color` opaque white, the unit `contentsRect`, `contentsScale` 1, linear filters) and nil for the rest,
    /// birthRate and lifetime included (semantics §9.6).
    open class func defaultValue(forKey key: String) -> Any? {
        switch key {
        case "scale", "contentsScale", "speed": return CGFloat(1)
        case "enabled": return true
        case "color": return CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        case "contentsRect": return CGRect(x: 0, y: 0, width: 1, height: 1)
        case "minificationFilter", "magnificationFilter": return CALayerContentsFilter.linear.rawValue
        default: return nil
        }
    }
    /// Whether the value for `key` would be archived: true for a key whose value was set (one that differs from a
    /// new cell's, or any other key given a value), false for a key never set.
    open func shouldArchiveValue(forKey key: String) -> Bool { shouldArchiveValueImplementation(forKey: key) }

    /// A cell's value by key (every property, under its Objective-C name), or a value set for any other key.
    open func value(forKey key: String) -> Any? { valueImplementation(forKey: key) }

    /// Sets a cell property by key (`emitterCells.<name>.<key>` on the emitter reaches here); a value of the wrong
    /// type leaves the property as it was. Any other key stores the value.
    open func setValue(_ value: Any?, forKey key: String) { setValueImplementation(value, forKey: key) }
}

extension CAEmitterCell {
    /// Copies of `cells` and everything under them, with the same values (a layer's copies take their own cells:
    /// a commit's copy must not change as the model's cells do, and animations write into a presentation copy's
    /// cells). A cell reached twice is copied once. Cells nested in a cycle (hostile input) are unrolled into a
    /// tree as deep as particles ever nest, and no deeper: copies that formed the same cycle would keep one another
    /// alive after the layer is gone.
    static func deepCopies(of cells: [CAEmitterCell]?) -> [CAEmitterCell]? {
        var copies: [ObjectIdentifier: CAEmitterCell] = [:]
        var path: Set<ObjectIdentifier> = []
        return cells?.compactMap { $0.deepCopy(&copies, path: &path, depth: 1) }
    }

    private func deepCopy(_ copies: inout [ObjectIdentifier: CAEmitterCell], path: inout Set<ObjectIdentifier>,
                          depth: Int) -> CAEmitterCell? {
        let id = ObjectIdentifier(self)
        let unrolling = path.contains(id)
        if unrolling, depth > ParticleSystem.maximumDepth { return nil }
        if !unrolling, let copy = copies[id] { return copy }
        let c = CAEmitterCell()
        // (A copy made while this cell is its own ancestor is one level of the unrolled tree, not the cell's copy.)
        if !unrolling { copies[id] = c }
        path.insert(id)
        defer { if !unrolling { path.remove(id) } }
        c.name = name; c.isEnabled = isEnabled; c.birthRate = birthRate; c.lifetime = lifetime; c.lifetimeRange = lifetimeRange
        c.emissionLatitude = emissionLatitude; c.emissionLongitude = emissionLongitude; c.emissionRange = emissionRange
        c.velocity = velocity; c.velocityRange = velocityRange
        c.xAcceleration = xAcceleration; c.yAcceleration = yAcceleration; c.zAcceleration = zAcceleration
        c.scale = scale; c.scaleRange = scaleRange; c.scaleSpeed = scaleSpeed; c.spin = spin; c.spinRange = spinRange
        c.color = color
        c.redRange = redRange; c.greenRange = greenRange; c.blueRange = blueRange; c.alphaRange = alphaRange
        c.redSpeed = redSpeed; c.greenSpeed = greenSpeed; c.blueSpeed = blueSpeed; c.alphaSpeed = alphaSpeed
        c.contents = contents; c.contentsRect = contentsRect; c.contentsScale = contentsScale
        c.minificationFilter = minificationFilter; c.magnificationFilter = magnificationFilter
        c.minificationFilterBias = minificationFilterBias
        c.emitterCells = emitterCells?.compactMap { $0.deepCopy(&copies, path: &path, depth: depth + 1) }
        c.style = style
        c.beginTime = beginTime; c.duration = duration; c.speed = speed; c.timeOffset = timeOffset
        c.repeatCount = repeatCount; c.repeatDuration = repeatDuration; c.autoreverses = autoreverses; c.fillMode = fillMode
        c.taggedValues = taggedValues
        return c
    }
}

extension CAEmitterCell {
    /// What each particle draws: `contents` as an image, cut to `contentsRect` (unit coordinates, origin at the
    /// image's top left, as layers' `contentsRect`); nil when there is nothing to draw.
    var particleImage: CGImage? {
        guard let image = LayerPainter.contentsImage(contents) else { return nil }
        let unit = contentsRect
        if unit == CGRect(x: 0, y: 0, width: 1, height: 1) { return image }
        let cached = particleImageCacheGuard.ifAvailable { particleImageCache }
        if let cached = cached ?? nil, cached.source === image, cached.rect == unit { return cached.image }
        guard let part = ContentsPainter.part(of: image, selectedBy: unit) else { return nil }
        particleImageCacheGuard.ifAvailable { particleImageCache = (image, unit, part) }
        return part
    }
}
