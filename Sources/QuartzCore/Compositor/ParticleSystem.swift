/// `CAEmitterLayer` particles as a function of the layer, its local time and the history of its birth rates
/// (semantics §9.6), so the same tree at the same time gives the same particles: while a cell's rate r holds
/// from time a, its particle j is born at a + j / r, and every random choice it makes comes from a hash of
/// (seed, cell, rate period, j, the choice). Particles already born live on when the rate changes (an explosion
/// that sets `birthRate` to 0 keeps its sparks). A value with mean M and range R is uniform in
/// [M − R/2, M + R/2]; the layer's birthRate, lifetime, velocity, scale and spin multiply every cell's. Particles
/// move in 3-D: born at `emitterZPosition` (spread over `emitterDepth` for cuboids and spheres), heading by
/// longitude in the layer's plane and latitude out of it, with `zAcceleration`; a flattening emitter shows their
/// x and y, one that `preservesDepth` places them at their depth (the compositor's job). They draw in birth order, or newest first
/// for `oldestLast` (`additive` adds them to what is below: the compositor's job). A cell's own `emitterCells` emit from each of its
/// particles while it lives (timed from the particle's birth), so a rocket can trail sparks and burst.
enum ParticleSystem {
    struct Particle {
        let image: CGImage
        /// Points per image pixel.
        let pointsPerPixel: CGFloat
        /// The cell's `minificationFilter` and `magnificationFilter`.
        let minification: String, magnification: String
        let position: CGPoint
        /// Depth along the layer's z axis (drawn only by an emitter that `preservesDepth`).
        let z: CGFloat
        let scale: CGFloat
        /// Radians, clockwise on a y-down screen.
        let angle: CGFloat
        let color: RGBA
    }

    /// The most particles a cell keeps alive (a bad birth rate or lifetime must not stall the frame).
    static let maximumPerCell = 20_000

    /// Birth rates from `start` (the emitter's local time) until the next period: one per cell, the cell's
    /// birthRate times the layer's.
    struct RatePeriod: Equatable {
        /// Numbers periods for the particles' random choices (stable when older periods are forgotten).
        let id: Int
        let start: Double
        let rates: [Double]
    }

    /// Each cell's rate now: one period from the start of the simulation, when the rates never changed.
    static func rates(of emitter: CAEmitterLayer) -> [Double] {
        (emitter.emitterCells ?? []).map { Double($0.birthRate) * Double(emitter.birthRate) }
    }

    /// Births per second beyond this count as this many (far more than any frame can show).
    static let maximumRate = 1e6
    /// Local times beyond this (about 30 years) emit nothing, keeping birth numbers exact.
    static let maximumTime = 1e9
    /// The most particles an emitter draws in a frame, sub-cells' included.
    static let maximumPerEmitter = 50_000
    /// The most births an emitter examines in a frame, sub-cells' included: particles that died long ago can
    /// still be examined for live descendants, and without a bound enormous rates made that quadratic.
    static let maximumWork = 250_000
    /// The most births all of a frame's emitters examine together, and the most particles they draw together
    /// (a replicator of thousands of emitters costs what one busy emitter costs).
    static let maximumWorkPerFrame = 500_000
    static let maximumDrawnPerFrame = 100_000
    /// How deep cells may nest (a cell's cells' cells…).
    static let maximumDepth = 4

    /// The particles alive at the emitter's local time `t` (seconds since the simulation began), born under
    /// `history` (periods in time order; nil: today's rates since the start).
    /// `work`: births the caller still allows this frame (a frame's emitters share one budget, so a replicator of
    /// thousands of emitters costs what one frame's worth of particles costs); what this call examines is taken
    /// from it.
    static func particles(of emitter: CAEmitterLayer, at t: Double, history: [RatePeriod]? = nil,
                          work budget: inout Int) -> [Particle] {
        guard t.isFinite, t >= 0, budget > 0 else { return [] }
        let periods = history ?? [RatePeriod(id: 0, start: 0, rates: rates(of: emitter))]
        var result: [Particle] = []
        var work = min(maximumWork, budget)
        defer { budget -= min(maximumWork, budget) - work }
        for (k, cell) in (emitter.emitterCells ?? []).enumerated() where cell.isEnabled {
            for (p, period) in periods.enumerated() where period.start <= t {
                let end = p + 1 < periods.count ? periods[p + 1].start : .infinity
                let rate = k < period.rates.count ? period.rates[k] : 0
                let begin = cell.beginTime.isFinite ? cell.beginTime : 0
                let window = Window(start: max(period.start, begin), end: end, origin: begin)
                for spawn in births(of: cell, path: UInt64(k), rate: rate, window: window, at: t, emitter: emitter,
                                    key: UInt64(period.id), work: &work, place: { _, random in birthPlace(of: emitter, random: &random) },
                                    depth: { _, identity in birthDepth(of: emitter, identity: identity) }) {
                    follow(spawn, at: t, emitter: emitter, depth: 1, work: &work, into: &result)
                    if result.count >= maximumPerEmitter { break }
                }
            }
        }
        if result.count > maximumPerEmitter { result.removeLast(result.count - maximumPerEmitter) }
        if emitter.renderMode == .oldestLast { result.reverse() }
        return result
    }

    /// When births may happen, in the emitter's local time: from `start` until `end` (exclusive), the cell's
    /// duration counted from `origin`.
    private struct Window {
        let start: Double, end: Double, origin: Double
    }

    /// One particle's life: its birth (the emitter's local time), lifetime and motion, and its random stream
    /// positioned for the choices of its look.
    private struct Spawn {
        let cell: CAEmitterCell
        /// Identifies the particle among all others (cell path, rate period, birth number), for its children's choices.
        let identity: UInt64
        let birth: Double
        let life: Double
        let start: CGPoint
        let velocity: CGVector
        let startZ: CGFloat
        let velocityZ: CGFloat
        var random: ParticleRandom

        func position(atAge a: CGFloat) -> CGPoint {
            CGPoint(x: start.x + velocity.dx * a + cell.xAcceleration * a * a / 2,
                    y: start.y + velocity.dy * a + cell.yAcceleration * a * a / 2)
        }

        func z(atAge a: CGFloat) -> CGFloat { startZ + velocityZ * a + cell.zAcceleration * a * a / 2 }
    }

    /// The cell's particles born in `window` at `rate` that may be alive at `t`, or have descendants alive.
    private static func births(of cell: CAEmitterCell, path: UInt64, rate: Double, window: Window, at t: Double,
                               emitter: CAEmitterLayer, key: UInt64, work: inout Int,
                               place: (_ birth: Double, inout ParticleRandom) -> CGPoint,
                               depth: (_ birth: Double, _ identity: UInt64) -> CGFloat) -> [Spawn] {
        let lifeScale = Double(emitter.lifetime)
        let reach = self.reach(of: cell, lifeScale: lifeScale, depth: 1)
        guard rate > 0, rate.isFinite, reach > 0, reach.isFinite, t >= window.start, t < maximumTime, work > 0 else { return [] }
        // Birth numbers stay exact in a Double and convertible to integers.
        let rate = min(rate, maximumRate)
        var last = min(t, window.end)
        if cell.duration > 0 && cell.duration.isFinite { last = min(last, window.origin + cell.duration) }
        guard last >= window.start else { return [] }
        // Births at start + j / rate; a window that ended before now excludes its end (the next one's start).
        var newest = ((last - window.start) * rate).rounded(.down)
        if window.end <= t, window.start + newest / rate >= window.end { newest -= 1 }
        let oldest = max(0, ((t - reach - window.start) * rate).rounded(.down), newest - Double(min(maximumPerCell, work) - 1))
        guard newest.isFinite, oldest <= newest else { return [] }
        work -= Int(newest - oldest) + 1
        let speed = CGFloat(emitter.velocity)
        var spawns: [Spawn] = []
        var j = oldest
        while j <= newest {
            defer { j += 1 }
            let identity = ParticleRandom.mix(path, key, UInt64(j))
            var random = ParticleRandom(seed: emitter.seed, identity: identity)
            let birth = window.start + j / rate
            let life = (Double(cell.lifetime) + Double(cell.lifetimeRange) * random.centred()) * lifeScale
            let start = place(birth, &random)
            let angle = cell.emissionLongitude + cell.emissionRange * CGFloat(random.centred())
            let speedAlong = (cell.velocity + cell.velocityRange * CGFloat(random.centred())) * speed
            let v = speedAlong * cos(cell.emissionLatitude), vz = speedAlong * sin(cell.emissionLatitude)
            guard life > 0, life.isFinite, start.x.isFinite, start.y.isFinite, v.isFinite, vz.isFinite else { continue }
            // Depth comes from a stream of its own, so adding it left every other choice as it was.
            let z = depth(birth, identity)
            spawns.append(Spawn(cell: cell, identity: identity, birth: birth, life: life, start: start,
                                velocity: CGVector(dx: v * cos(angle), dy: v * sin(angle)), startZ: z, velocityZ: vz,
                                random: random))
        }
        return spawns
    }

    /// How long after its birth a particle of `cell`, or any descendant, may still be alive.
    private static func reach(of cell: CAEmitterCell, lifeScale: Double, depth: Int) -> Double {
        let own = (Double(cell.lifetime) + abs(Double(cell.lifetimeRange)) / 2) * lifeScale
        guard depth < maximumDepth, let children = cell.emitterCells, !children.isEmpty else { return own }
        return own + (children.map { reach(of: $0, lifeScale: lifeScale, depth: depth + 1) }.max() ?? 0)
    }

    /// Draws `spawn` if it is alive at `t`, then the particles its cell's cells emit from it.
    private static func follow(_ spawn: Spawn, at t: Double, emitter: CAEmitterLayer, depth: Int, work: inout Int,
                               into result: inout [Particle]) {
        let age = t - spawn.birth
        guard age >= 0 else { return }
        if age < spawn.life, let particle = look(of: spawn, age: CGFloat(age), emitter: emitter) { result.append(particle) }
        guard depth < maximumDepth, let children = spawn.cell.emitterCells else { return }
        for (m, child) in children.enumerated() where child.isEnabled {
            // Children are born while the particle lives, timed from its birth, at the particle's place then.
            let begin = spawn.birth + (child.beginTime.isFinite ? child.beginTime : 0)
            let window = Window(start: begin, end: spawn.birth + spawn.life, origin: begin)
            let rate = Double(child.birthRate) * Double(emitter.birthRate)
            let born = births(of: child, path: ParticleRandom.mix(spawn.identity, UInt64(m)), rate: rate, window: window,
                              at: t, emitter: emitter, key: 0, work: &work,
                              place: { birth, _ in spawn.position(atAge: CGFloat(birth - spawn.birth)) },
                              depth: { birth, _ in spawn.z(atAge: CGFloat(birth - spawn.birth)) })
            for grandchild in born {
                follow(grandchild, at: t, emitter: emitter, depth: depth + 1, work: &work, into: &result)
                if result.count >= maximumPerEmitter { return }
            }
        }
    }

    /// What a live particle looks like at `age`: its cell's image, placed, scaled, turned and coloured.
    private static func look(of spawn: Spawn, age a: CGFloat, emitter: CAEmitterLayer) -> Particle? {
        let cell = spawn.cell
        guard let image = cell.particleImage else { return nil }
        var random = spawn.random
        let position = spawn.position(atAge: a)
        let size = (cell.scale + cell.scaleRange * CGFloat(random.centred())) * CGFloat(emitter.scale) + cell.scaleSpeed * a
        let turn = (cell.spin + cell.spinRange * CGFloat(random.centred())) * CGFloat(emitter.spin) * a
        let base = cell.color?.rgba ?? RGBA(r: 1, g: 1, b: 1, a: 1)
        func channel(_ mean: CGFloat, _ range: Float, _ speed: Float) -> CGFloat {
            min(max(mean + CGFloat(range) * CGFloat(random.centred()) + CGFloat(speed) * a, 0), 1)
        }
        let color = RGBA(r: channel(base.r, cell.redRange, cell.redSpeed), g: channel(base.g, cell.greenRange, cell.greenSpeed),
                         b: channel(base.b, cell.blueRange, cell.blueSpeed), a: channel(base.a, cell.alphaRange, cell.alphaSpeed))
        guard size > 0, color.a > 0, position.x.isFinite, position.y.isFinite, size.isFinite, turn.isFinite else { return nil }
        let pointsPerPixel = 1 / (cell.contentsScale > 0 && cell.contentsScale.isFinite ? cell.contentsScale : 1)
        let z = spawn.z(atAge: a)
        guard z.isFinite else { return nil }
        return Particle(image: image, pointsPerPixel: pointsPerPixel, minification: cell.minificationFilter,
                        magnification: cell.magnificationFilter, position: position, z: z, scale: size, angle: turn, color: color)
    }

    /// The longest a particle of `emitter`, or a descendant, can live after its birth.
    static func longestLifetime(of emitter: CAEmitterLayer) -> Double {
        (emitter.emitterCells ?? []).map { reach(of: $0, lifeScale: Double(emitter.lifetime), depth: 1) }.max() ?? 0
    }

    /// `history` brought up to local time `t`, the previous frame having been at `previous`: when the rates
    /// differ from the last period's, a new period starts at the previous frame (the change was committed after
    /// it: births since then follow the new rates); periods whose particles are all dead are forgotten; time
    /// going backwards starts afresh (today's rates since the start).
    static func history(_ history: [RatePeriod], of emitter: CAEmitterLayer, at t: Double, previous: Double?) -> [RatePeriod] {
        let now = rates(of: emitter)
        guard let last = history.last, t >= last.start, let previous, previous <= t else {
            return [RatePeriod(id: 0, start: 0, rates: now)]
        }
        var periods = history
        if last.rates != now { periods.append(RatePeriod(id: last.id + 1, start: max(previous, last.start), rates: now)) }
        let horizon = t - longestLifetime(of: emitter)
        while periods.count > 1, periods[1].start < horizon { periods.removeFirst() }
        return periods
    }

    /// Where a particle is born on the emitter's shape (in the layer's plane: cuboids as rectangles, spheres as
    /// circles), by `emitterMode`.
    /// Where along z a particle is born: at `emitterZPosition`, spread uniformly over `emitterDepth` for the
    /// volume shapes (cuboid, sphere) in volume mode.
    private static func birthDepth(of emitter: CAEmitterLayer, identity: UInt64) -> CGFloat {
        let spread = (emitter.emitterShape == .cuboid || emitter.emitterShape == .sphere) && emitter.emitterMode == .volume
        guard spread, emitter.emitterDepth != 0 else { return emitter.emitterZPosition }
        var random = ParticleRandom(seed: emitter.seed, identity: ParticleRandom.mix(identity, 0x7A))
        return emitter.emitterZPosition + (CGFloat(random.unit()) - 0.5) * emitter.emitterDepth
    }

    private static func birthPlace(of emitter: CAEmitterLayer, random: inout ParticleRandom) -> CGPoint {
        let c = emitter.emitterPosition, w = emitter.emitterSize.width, h = emitter.emitterSize.height
        let u = CGFloat(random.unit()), v = CGFloat(random.unit())
        switch emitter.emitterShape {
        case .line:
            return CGPoint(x: c.x + (u - 0.5) * w, y: c.y)
        case .rectangle, .cuboid:
            switch emitter.emitterMode {
            case .points:
                return CGPoint(x: c.x + (u < 0.5 ? -w : w) / 2, y: c.y + (v < 0.5 ? -h : h) / 2)
            case .outline:
                // A point on the perimeter, chosen by length.
                let p = u * 2 * (w + h)
                if p < w { return CGPoint(x: c.x - w / 2 + p, y: c.y - h / 2) }
                if p < w + h { return CGPoint(x: c.x + w / 2, y: c.y - h / 2 + (p - w)) }
                if p < 2 * w + h { return CGPoint(x: c.x + w / 2 - (p - w - h), y: c.y + h / 2) }
                return CGPoint(x: c.x - w / 2, y: c.y + h / 2 - (p - 2 * w - h))
            default:
                return CGPoint(x: c.x + (u - 0.5) * w, y: c.y + (v - 0.5) * h)
            }
        case .circle, .sphere:
            let radius = w / 2, theta = u * 2 * .pi
            let r: CGFloat = switch emitter.emitterMode {
            case .points: 0
            case .outline: radius
            default: radius * v.squareRoot()   // uniform over the disc
            }
            return CGPoint(x: c.x + r * cos(theta), y: c.y + r * sin(theta))
        default:
            return c
        }
    }
}

/// The random choices of one particle: SplitMix64 from the seed and the particle's identity (its cell path, rate
/// period and birth number, mixed), one draw per choice, in a fixed order, so a particle's attributes never
/// depend on other particles.
struct ParticleRandom {
    private var state: UInt64

    init(seed: UInt32, identity: UInt64) {
        state = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 ^ identity
    }

    /// Combines numbers into one identity (each step a SplitMix finalizer, so order matters).
    static func mix(_ parts: UInt64...) -> UInt64 {
        var h: UInt64 = 0x243F_6A88_85A3_08D3
        for part in parts {
            h = (h ^ part) &* 0xBF58_476D_1CE4_E5B9
            h = (h ^ (h >> 27)) &* 0x94D0_49BB_1331_11EB
            h ^= h >> 31
        }
        return h
    }

    /// Uniform in [0, 1).
    mutating func unit() -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
    }

    /// Uniform in [−1/2, 1/2): a range's multiplier.
    mutating func centred() -> Double { unit() - 0.5 }
}
