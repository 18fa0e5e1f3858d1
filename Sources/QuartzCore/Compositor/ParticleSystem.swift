/// `CAEmitterLayer` particles as a function of the layer, its local time and the history of its birth rates
/// (semantics §9.6), so the same tree at the same time gives the same particles: while a cell's rate r holds
/// from time a, its particle j is born at a + j / r, and every random choice it makes comes from a hash of
/// (seed, cell, rate period, j, the choice). Particles already born live on when the rate changes (an explosion
/// that sets `birthRate` to 0 keeps its sparks). A value with mean M and range R is uniform in
/// [M − R/2, M + R/2]; the layer's birthRate, lifetime, velocity, scale and spin multiply every cell's. Particles
/// move in the layer's plane (z, latitude's tilt and sub-cells are not simulated yet) and draw in birth order, or
/// newest first for `oldestLast`; `additive` blends as source-over.
enum ParticleSystem {
    struct Particle {
        let image: CGImage
        /// Points per image pixel.
        let pointsPerPixel: CGFloat
        let position: CGPoint
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

    /// The particles alive at the emitter's local time `t` (seconds since the simulation began), born under
    /// `history` (periods in time order; nil: today's rates since the start).
    static func particles(of emitter: CAEmitterLayer, at t: Double, history: [RatePeriod]? = nil) -> [Particle] {
        guard t.isFinite, t >= 0 else { return [] }
        let periods = history ?? [RatePeriod(id: 0, start: 0, rates: rates(of: emitter))]
        var result: [Particle] = []
        for (k, cell) in (emitter.emitterCells ?? []).enumerated() where cell.isEnabled {
            guard let image = LayerPainter.contentsImage(cell.contents) else { continue }
            for (p, period) in periods.enumerated() where period.start <= t {
                let end = p + 1 < periods.count ? periods[p + 1].start : .infinity
                let rate = k < period.rates.count ? period.rates[k] : 0
                emit(cell, index: k, image: image, from: emitter, at: t, period: period.id, from: period.start, until: end,
                     rate: rate, into: &result)
            }
        }
        if emitter.renderMode == .oldestLast { result.reverse() }
        return result
    }

    private static func emit(_ cell: CAEmitterCell, index k: Int, image: CGImage, from emitter: CAEmitterLayer, at t: Double,
                             period: Int, from start: Double, until end: Double, rate: Double, into result: inout [Particle]) {
        let begin = cell.beginTime.isFinite ? cell.beginTime : 0
        let cellTime = t - begin
        guard rate > 0, rate.isFinite, cellTime >= 0 else { return }
        let lifeScale = Double(emitter.lifetime)
        let longest = (Double(cell.lifetime) + abs(Double(cell.lifetimeRange)) / 2) * lifeScale
        guard longest > 0, longest.isFinite else { return }
        // This period's births, in the cell's time: from its start (or the cell's) until its end, the cell's
        // duration when it has one, and now.
        let first = max(start - begin, 0)
        var last = min(cellTime, end - begin)
        if cell.duration > 0 && cell.duration.isFinite { last = min(last, cell.duration) }
        guard last >= first else { return }
        // Births at first + j / rate; a period that ends before now excludes its end (the next period's start).
        var newest = ((last - first) * rate).rounded(.down)
        if end - begin <= cellTime, first + newest / rate >= end - begin { newest -= 1 }
        let oldest = max(0, ((cellTime - longest - first) * rate).rounded(.down), newest - Double(maximumPerCell - 1))
        guard newest.isFinite, oldest <= newest else { return }
        let scale = CGFloat(emitter.scale), spin = CGFloat(emitter.spin), speed = CGFloat(emitter.velocity)
        let base = cell.color?.rgba ?? RGBA(r: 1, g: 1, b: 1, a: 1)
        let pointsPerPixel = 1 / (cell.contentsScale > 0 && cell.contentsScale.isFinite ? cell.contentsScale : 1)
        var j = oldest
        while j <= newest {
            var random = ParticleRandom(seed: emitter.seed, cell: k, period: period, particle: Int(j))
            let age = cellTime - (first + j / rate)
            let life = (Double(cell.lifetime) + Double(cell.lifetimeRange) * random.centred()) * lifeScale
            defer { j += 1 }
            guard age < life, age >= 0 else { continue }
            let a = CGFloat(age)
            let start = birthPlace(of: emitter, random: &random)
            let angle = cell.emissionLongitude + cell.emissionRange * CGFloat(random.centred())
            let v = (cell.velocity + cell.velocityRange * CGFloat(random.centred())) * speed * cos(cell.emissionLatitude)
            let position = CGPoint(x: start.x + v * cos(angle) * a + cell.xAcceleration * a * a / 2,
                                   y: start.y + v * sin(angle) * a + cell.yAcceleration * a * a / 2)
            let size = (cell.scale + cell.scaleRange * CGFloat(random.centred())) * scale + cell.scaleSpeed * a
            let turn = (cell.spin + cell.spinRange * CGFloat(random.centred())) * spin * a
            func channel(_ mean: CGFloat, _ range: Float, _ speed: Float) -> CGFloat {
                min(max(mean + CGFloat(range) * CGFloat(random.centred()) + CGFloat(speed) * a, 0), 1)
            }
            let color = RGBA(r: channel(base.r, cell.redRange, cell.redSpeed), g: channel(base.g, cell.greenRange, cell.greenSpeed),
                             b: channel(base.b, cell.blueRange, cell.blueSpeed), a: channel(base.a, cell.alphaRange, cell.alphaSpeed))
            guard size > 0, color.a > 0, position.x.isFinite, position.y.isFinite, size.isFinite, turn.isFinite else { continue }
            result.append(Particle(image: image, pointsPerPixel: pointsPerPixel, position: position, scale: size, angle: turn, color: color))
        }
    }

    /// The longest a particle of `emitter` can live.
    static func longestLifetime(of emitter: CAEmitterLayer) -> Double {
        let longest = (emitter.emitterCells ?? []).map { Double($0.lifetime) + abs(Double($0.lifetimeRange)) / 2 }.max() ?? 0
        return longest * Double(emitter.lifetime)
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

/// The random choices of one particle: SplitMix64 from (seed, cell, rate period, particle), one draw per choice,
/// in a fixed order, so a particle's attributes never depend on other particles.
struct ParticleRandom {
    private var state: UInt64

    init(seed: UInt32, cell: Int, period: Int, particle: Int) {
        state = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: cell) &* 0xBF58_476D_1CE4_E5B9
            ^ UInt64(truncatingIfNeeded: particle) &* 0x94D0_49BB_1331_11EB ^ UInt64(truncatingIfNeeded: period) &* 0xD6E8_FEB8_6659_FD93
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
