import QuartzCore

extension UIScrollView {
    // MARK: Dragging

    func handlePan(_ pan: UIPanGestureRecognizer) {
        switch pan.state {
        case .began:
            stopMotion()
            isTracking = true
            isDragging = true
            dragStart = contentOffset
            delegate?.scrollViewWillBeginDragging(self)
            follow(pan)
        case .changed:
            follow(pan)
        case .ended, .cancelled:
            follow(pan)
            release(velocity: pan.velocity(in: self))
        default:
            break
        }
    }

    /// Puts the content under the finger: the offset moves against the translation, along the axes that scroll,
    /// with the rubber band past the edges (or stopping at them, without bouncing).
    private func follow(_ pan: UIPanGestureRecognizer) {
        guard !isZooming else { return }   // a pinch places the content while it zooms
        let translation = pan.translation(in: self)
        let range = offsetRange
        func place(_ start: CGFloat, _ moved: CGFloat, _ low: CGFloat, _ high: CGFloat, _ length: CGFloat) -> CGFloat {
            let raw = start - moved
            if raw < low { return bounces ? low + ScrollPhysics.rubberBand(raw - low, dimension: length) : low }
            if raw > high { return bounces ? high + ScrollPhysics.rubberBand(raw - high, dimension: length) : high }
            return raw
        }
        var offset = contentOffset
        if scrollsHorizontally { offset.x = place(dragStart.x, translation.x, range.min.x, range.max.x, bounds.width) }
        if scrollsVertically { offset.y = place(dragStart.y, translation.y, range.min.y, range.max.y, bounds.height) }
        contentOffset = offset
    }

    /// The finger lifted, the content moving at `fingerVelocity` (points per second, the finger's direction): the
    /// delegate may move the coast's target, then the content coasts, pages or bounces back.
    private func release(velocity fingerVelocity: CGPoint) {
        isTracking = false
        let range = offsetRange
        let offset = contentOffset
        let velocity = CGPoint(x: scrollsHorizontally ? -fingerVelocity.x : 0, y: scrollsVertically ? -fingerVelocity.y : 0)
        let rate = isPagingEnabled ? DecelerationRate.fast.rawValue : decelerationRate.rawValue
        var target = isPagingEnabled
            ? pageTarget(from: offset, velocity: velocity)
            : CGPoint(x: offset.x + ScrollPhysics.projectedDistance(velocity: velocity.x, rate: rate),
                      y: offset.y + ScrollPhysics.projectedDistance(velocity: velocity.y, rate: rate))
        if !bounces { target = clamped(target) }
        withUnsafeMutablePointer(to: &target) { pointer in
            delegate?.scrollViewWillEndDragging(self, withVelocity: CGPoint(x: velocity.x / 1000, y: velocity.y / 1000),
                                                targetContentOffset: pointer)
        }
        if !(target.x.isFinite && target.y.isFinite) { target = offset }
        let now = CACurrentMediaTime()
        func axis(_ position: CGFloat, _ v: CGFloat, _ to: CGFloat, _ low: CGFloat, _ high: CGFloat, _ scrolls: Bool) -> AxisMotion {
            guard scrolls else { return AxisMotion(resting: position, range: low...high) }
            return AxisMotion(releasedAt: position, velocity: v, target: to, range: low...high, bounces: bounces, rate: rate, now: now)
        }
        let motion = ScrollMotion.released(
            x: axis(offset.x, velocity.x, target.x, range.min.x, range.max.x, scrollsHorizontally),
            y: axis(offset.y, velocity.y, target.y, range.min.y, range.max.y, scrollsVertically))
        isDragging = false
        guard case .released(let x, let y) = motion, !(x.isResting && y.isResting) else {
            delegate?.scrollViewDidEndDragging(self, willDecelerate: false)
            indicators.fade()
            return
        }
        delegate?.scrollViewDidEndDragging(self, willDecelerate: true)
        isDecelerating = true
        delegate?.scrollViewWillBeginDecelerating(self)
        start(motion)
    }

    /// The page a paging flick stops on: the next one in the flick's direction, or the nearest when it is slow.
    private func pageTarget(from offset: CGPoint, velocity: CGPoint) -> CGPoint {
        let range = offsetRange
        func page(_ position: CGFloat, _ v: CGFloat, _ size: CGFloat, _ low: CGFloat, _ high: CGFloat) -> CGFloat {
            guard size > 0 else { return position }
            let current = position / size
            let index = abs(v) < 200 ? current.rounded() : (v > 0 ? current.rounded(.up) : current.rounded(.down))
            return min(max(index * size, low), high)
        }
        return CGPoint(x: page(offset.x, velocity.x, bounds.width, range.min.x, range.max.x),
                       y: page(offset.y, velocity.y, bounds.height, range.min.y, range.max.y))
    }

    // MARK: Motion on its own, frame by frame

    func start(_ motion: ScrollMotion) {
        self.motion = motion
        motionGeneration &+= 1
        scheduleStep(generation: motionGeneration)
    }

    /// Stops a coast, bounce or animated scroll where it stands.
    func stopMotion() {
        guard motion != nil else { return }
        motion = nil
        motionGeneration &+= 1
        isDecelerating = false
    }

    private func scheduleStep(generation: Int) {
        CAMediaClock.current.events.runAtNextPass { [weak self] in
            guard let self, self.motionGeneration == generation else { return }
            self.step(generation: generation)
        }
    }

    /// Moves the content to where its motion puts it now, and ends the motion (with its callback) once it rests.
    private func step(generation: Int) {
        guard let motion else { return }
        let now = CACurrentMediaTime()
        switch motion {
        case .animated(let from, let to, let began):
            let f = ScrollPhysics.animatedScrollProgress(at: now - began)
            contentOffset = CGPoint(x: from.x + (to.x - from.x) * f, y: from.y + (to.y - from.y) * f)
            guard motionGeneration == generation else { return }   // the delegate started something else
            if f >= 1 {
                self.motion = nil
                indicators.fade()
                delegate?.scrollViewDidEndScrollingAnimation(self)
                return
            }
        case .released(var x, var y):
            let offset = CGPoint(x: x.position(at: now), y: y.position(at: now))
            self.motion = .released(x: x, y: y)
            contentOffset = offset
            guard motionGeneration == generation else { return }
            if x.isResting && y.isResting {
                self.motion = nil
                isDecelerating = false
                indicators.fade()
                delegate?.scrollViewDidEndDecelerating(self)
                return
            }
        }
        scheduleStep(generation: generation)
    }
}
