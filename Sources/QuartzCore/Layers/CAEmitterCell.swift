/// One kind of particle in an emitter: how many are born, how long they live, how they move and look.
/// Mean M with range R means a value uniform in [M − R/2, M + R/2] (semantics §9.6). A cell adopts
/// `CAMediaTiming` but is not a layer.
open class CAEmitterCell: NSObject, CAMediaTiming, @unchecked Sendable {
    open var name: String?
    open var isEnabled = true
    open var birthRate: Float = 0
    open var lifetime: Float = 0
    open var lifetimeRange: Float = 0
    open var emissionLatitude: CGFloat = 0
    open var emissionLongitude: CGFloat = 0
    open var emissionRange: CGFloat = 0
    open var velocity: CGFloat = 0
    open var velocityRange: CGFloat = 0
    open var xAcceleration: CGFloat = 0
    open var yAcceleration: CGFloat = 0
    open var zAcceleration: CGFloat = 0
    open var scale: CGFloat = 1
    open var scaleRange: CGFloat = 0
    open var scaleSpeed: CGFloat = 0
    open var spin: CGFloat = 0
    open var spinRange: CGFloat = 0
    open var color: CGColor? = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
    open var redRange: Float = 0, greenRange: Float = 0, blueRange: Float = 0, alphaRange: Float = 0
    open var redSpeed: Float = 0, greenSpeed: Float = 0, blueSpeed: Float = 0, alphaSpeed: Float = 0
    open var contents: Any?
    open var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    open var contentsScale: CGFloat = 1
    open var minificationFilter = CALayerContentsFilter.linear.rawValue
    open var magnificationFilter = CALayerContentsFilter.linear.rawValue
    open var minificationFilterBias: Float = 0
    open var emitterCells: [CAEmitterCell]?
    open var style: [AnyHashable: Any]?
    open var beginTime: CFTimeInterval = 0
    open var duration: CFTimeInterval = 0
    open var speed: Float = 1
    open var timeOffset: CFTimeInterval = 0
    open var repeatCount: Float = 0
    open var repeatDuration: CFTimeInterval = 0
    open var autoreverses = false
    open var fillMode = CAMediaTimingFillMode.removed
    var taggedValues: [String: Any] = [:]
    /// The part of `contents` that `contentsRect` selects, kept for the source image and rect it was cut for.
    /// A commit's copy of a cell is drawn by every render tree holding it, each on its own thread, so the cache
    /// is reached only under its guard.
    private var particleImageCache: (source: CGImage, rect: CGRect, image: CGImage)?
    private let particleImageCacheGuard = CacheGuard()

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
