import QuartzCore

/// A scroll view's two indicators: thin rounded bars at the trailing and bottom edges whose length is the share
/// of the content on screen and whose place is the share scrolled. They show while the content moves because of
/// the user or an animated scroll (not when code sets `contentOffset`), shrink as the content is pulled past an
/// edge, and fade out once it rests. Sizes and times are Calyx's (iOS does not publish its own): 3-point bars
/// inset 3 points, at least 36 points long (7 while stretched past an edge), fading over 0.25 s after 0.5 s.
final class ScrollIndicators {
    static let thickness: CGFloat = 3, inset: CGFloat = 3, minimumLength: CGFloat = 36, squeezedLength: CGFloat = 7
    static let fadeDelay = 0.5, fadeDuration = 0.25

    let vertical = UIView(), horizontal = UIView()

    init() {
        for bar in [vertical, horizontal] {
            bar.isUserInteractionEnabled = false
            bar.alpha = 0
            bar.layer.cornerRadius = Self.thickness / 2
        }
    }

    /// Places the bars for the scroll view's offset and shows them (those its flags allow, along axes that scroll).
    func show(in view: UIScrollView) {
        place(in: view)
        UIView.performWithoutAnimation {
            // A fade under way (the content rested, then moved again) is dropped.
            vertical.layer.removeAllAnimations()
            horizontal.layer.removeAllAnimations()
            vertical.alpha = view.showsVerticalScrollIndicator && view.scrollsVertically ? 1 : 0
            horizontal.alpha = view.showsHorizontalScrollIndicator && view.scrollsHorizontally ? 1 : 0
        }
    }

    /// Fades the bars out after a pause.
    func fade() {
        UIView.animate(withDuration: Self.fadeDuration, delay: Self.fadeDelay, options: [.beginFromCurrentState, .allowUserInteraction], animations: {
            self.vertical.alpha = 0
            self.horizontal.alpha = 0
        })
    }

    /// Puts the bars where the offset says, on top of the content.
    func place(in view: UIScrollView) {
        let color = view.indicatorStyle == .white ? UIColor(white: 1, alpha: 0.55) : UIColor(white: 0, alpha: 0.35)
        let range = view.offsetRange, bounds = view.bounds, insets = view.verticalScrollIndicatorInsets
        UIView.performWithoutAnimation {
            for bar in [vertical, horizontal] { bar.backgroundColor = color }
            // Re-stacked only when something went over them: checking each bar against the last subview re-added
            // the vertical one (never last) on every scrolled frame.
            if !view.subviews.suffix(2).elementsEqual([vertical, horizontal], by: ===) {
                view.addSubview(vertical)
                view.addSubview(horizontal)
            }
            let track = bounds.height - 2 * Self.inset - insets.top - insets.bottom
            let (y, height) = Self.bar(offset: bounds.minY, low: range.min.y, high: range.max.y, viewport: bounds.height, track: track)
            vertical.frame = CGRect(x: bounds.maxX - Self.inset - Self.thickness, y: bounds.minY + Self.inset + insets.top + y,
                                    width: Self.thickness, height: height)
            let hInsets = view.horizontalScrollIndicatorInsets
            let across = bounds.width - 2 * Self.inset - hInsets.left - hInsets.right - Self.thickness
            let (x, width) = Self.bar(offset: bounds.minX, low: range.min.x, high: range.max.x, viewport: bounds.width, track: across)
            horizontal.frame = CGRect(x: bounds.minX + Self.inset + hInsets.left + x, y: bounds.maxY - Self.inset - Self.thickness,
                                      width: width, height: Self.thickness)
        }
    }

    /// A bar's start along its track and its length: the visible share of the content, placed by the scrolled
    /// share, squeezed by how far the offset is past either end.
    static func bar(offset: CGFloat, low: CGFloat, high: CGFloat, viewport: CGFloat, track: CGFloat) -> (CGFloat, CGFloat) {
        guard track.isFinite, track > 0, viewport.isFinite, viewport > 0, offset.isFinite else { return (0, 0) }
        let content = high - low + viewport
        var length = min(max(track * viewport / content, min(minimumLength, track)), track)
        let past = offset < low ? low - offset : offset > high ? offset - high : 0
        length = max(length - past, min(squeezedLength, track))
        let scrolled = high > low ? min(max((offset - low) / (high - low), 0), 1) : 0
        return ((track - length) * scrolled, length)
    }
}
