import QuartzCore

/// Zooming, as UIKit does it: the delegate names a view (`viewForZooming(in:)`); a zoom scales that view with
/// its transform, sets `contentSize` to its scaled size and moves the offset so the point being zoomed about stays
/// where it is on screen. Pinches zoom about the fingers' midpoint (past the limits with a damped stretch when
/// `bouncesZoom`, springing back when the fingers lift); `zoomScale` and `setZoomScale(_:animated:)` zoom about
/// the middle of what is on screen; `zoom(to:animated:)` fits a rectangle of the view.
extension UIScrollView {
    /// How long animated zooms take, ease-in-out (Calyx's timing; UIKit does not publish its own).
    static let zoomAnimationDuration = 0.3

    var zoomingView: UIView? { delegate?.viewForZooming(in: self) }

    func clampedZoom(_ scale: CGFloat) -> CGFloat {
        let low = minimumZoomScale.isFinite && minimumZoomScale > 0 ? minimumZoomScale : 1
        let high = maximumZoomScale.isFinite ? max(maximumZoomScale, low) : low
        return min(max(scale, low), high)
    }

    /// Zooms to `scale` keeping the content point now at `anchor` (in the scroll view's bounds) under it.
    func zoom(to scale: CGFloat, about anchor: CGPoint, animated: Bool) {
        guard zoomingView != nil, currentZoomScale > 0 else { return }
        let point = CGPoint(x: anchor.x / currentZoomScale, y: anchor.y / currentZoomScale)
        let target = CGPoint(x: point.x * scale - (anchor.x - bounds.minX), y: point.y * scale - (anchor.y - bounds.minY))
        apply(scale: scale, offset: target, animated: animated)
    }

    /// Scales the zooming view, sizes the content to it and moves to `offset` (kept in range unless a pinch is
    /// stretching past the limits).
    func apply(scale: CGFloat, offset: CGPoint, animated: Bool) {
        guard let view = zoomingView, scale.isFinite, scale > 0 else { return }
        stopMotion()
        let size = view.bounds.size
        currentZoomScale = scale
        contentSize = CGSize(width: size.width * scale, height: size.height * scale)
        let target = isZooming ? offset : clamped(offset)
        guard target.x.isFinite, target.y.isFinite else { return }
        let change = {
            view.transform = CGAffineTransform(scaleX: scale, y: scale)
            view.center = CGPoint(x: size.width * scale / 2, y: size.height * scale / 2)
            self.bounds.origin = target
        }
        if animated {
            UIView.animate(withDuration: Self.zoomAnimationDuration, delay: 0, options: .curveEaseInOut, animations: change)
        } else {
            UIView.performWithoutAnimation(change)
        }
        setNeedsLayout()
        delegate?.scrollViewDidZoom(self)
        delegate?.scrollViewDidScroll(self)
    }

    func handlePinch(_ pinch: UIPinchGestureRecognizer) {
        guard let view = zoomingView else { return }
        let location = pinch.location(in: self)
        switch pinch.state {
        case .began:
            isZooming = true
            pinchStart = (currentZoomScale, location)
            delegate?.scrollViewWillBeginZooming(self, with: view)
        case .changed:
            guard let start = pinchStart else { return }
            var scale = start.scale * pinch.scale
            let limited = clampedZoom(scale)
            // Past a limit the view stretches less and less (the square root of the overshoot), or not at all.
            if scale != limited { scale = bouncesZoom ? limited * (scale / limited).squareRoot() : limited }
            zoom(to: scale, about: location, animated: false)
        case .ended, .cancelled:
            isZooming = false
            pinchStart = nil
            let settled = clampedZoom(currentZoomScale)
            zoom(to: settled, about: location, animated: settled != currentZoomScale)
            delegate?.scrollViewDidEndZooming(self, with: view, atScale: currentZoomScale)
        default:
            break
        }
    }
}
