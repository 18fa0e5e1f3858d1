import QuartzCore

/// The four CATransition types with their subtypes, a cross-fade of a superlayer, and a custom transition made
/// from a `render(in:)` snapshot.
extension Gallery {
    static let transitionScenes: [GalleryScene] = [
        transition("transition-fade", .fade, nil, "CATransition .fade: the card's new colour dissolves in"),
        transition("transition-movein", .moveIn, .fromTop, "CATransition .moveIn from the top: the new card slides over the old"),
        transition("transition-push", .push, .fromRight, "CATransition .push from the right: the new card pushes the old one out"),
        transition("transition-reveal", .reveal, .fromLeft, "CATransition .reveal from the left: the old card slides away to show the new"),
        GalleryScene("crossfade-superlayer", "Explicit animations", "one fade transition on a superlayer cross-fades all its changed sublayers",
                     duration: 1.2, probes: [.init(35, 60, rgb(0.9, 0.35, 0.2)), .init(85, 60, rgb(0.2, 0.7, 0.3))],
                     changes: [.init(time: 0.05, apply: crossFadeSuperlayer)], build: twoCards),
        GalleryScene("custom-transition", "Explicit animations", "a snapshot drawn with render(in:) shrinks and fades over the layer's new state",
                     duration: 1.2, probes: [.init(60, 60, rgb(0.9, 0.35, 0.2))],
                     changes: [.init(time: 0.05, apply: customTransition)], build: card),
    ]

    static func transition(_ name: String, _ type: CATransitionType, _ subtype: CATransitionSubtype?, _ summary: String) -> GalleryScene {
        GalleryScene(name, "Explicit animations", summary, duration: 1.2,
                     probes: [.init(60, 60, rgb(0.9, 0.35, 0.2)), .init(4, 4, white)],
                     changes: [.init(time: 0.05) { root in changeCard(root, type, subtype) }], build: card)
    }

    /// A card that a transition replaces.
    public static func card() -> CALayer {
        let root = stage()
        let card = box(CGRect(x: 20, y: 30, width: 80, height: 60), rgb(0.9, 0.35, 0.2), corner: 10)
        card.name = "card"
        root.addSublayer(card)
        return root
    }

    /// Turns the card blue under a transition of `type`.
    public static func changeCard(_ root: CALayer, _ type: CATransitionType, _ subtype: CATransitionSubtype?) {
        guard let card = root.sublayers?.first(where: { $0.name == "card" }) else { return }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        card.backgroundColor = rgb(0.2, 0.5, 0.9)
        let transition = CATransition()
        transition.type = type
        transition.subtype = subtype
        transition.duration = 0.9
        transition.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        card.add(transition, forKey: kCATransition)
        CATransaction.commit()
    }

    static func twoCards() -> CALayer {
        let root = stage()
        let pair = CALayer()
        pair.name = "pair"
        pair.frame = root.bounds
        pair.addSublayer(box(CGRect(x: 12, y: 35, width: 46, height: 50), rgb(0.9, 0.35, 0.2), corner: 8))
        pair.addSublayer(box(CGRect(x: 62, y: 35, width: 46, height: 50), rgb(0.2, 0.7, 0.3), corner: 8))
        root.addSublayer(pair)
        return root
    }

    static func crossFadeSuperlayer(_ root: CALayer) {
        guard let pair = root.sublayers?.first, let cards = pair.sublayers, cards.count == 2 else { return }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        cards[0].backgroundColor = rgb(0.3, 0.3, 0.8)
        cards[1].cornerRadius = 23
        cards[1].backgroundColor = rgb(0.95, 0.75, 0.1)
        let fade = CATransition()
        fade.duration = 1
        pair.add(fade, forKey: nil)
        CATransaction.commit()
    }

    static func customTransition(_ root: CALayer) {
        guard let card = root.sublayers?.first(where: { $0.name == "card" }),
              let ctx = CGContext.canonicalBitmap(width: Int(stageSize), height: Int(stageSize)) else { return }
        // The snapshot: the tree as it is now, drawn by render(in:) (y down, as on iOS).
        ctx.translateBy(x: 0, y: stageSize)
        ctx.scaleBy(x: 1, y: -1)
        root.render(in: ctx)
        let snapshot = CALayer()
        snapshot.frame = root.bounds
        snapshot.contents = ctx.makeImage()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        card.backgroundColor = rgb(0.2, 0.5, 0.9)
        card.cornerRadius = 30
        root.addSublayer(snapshot)
        CATransaction.commit()
        let shrink = basic("transform", NSValue(caTransform3D: CATransform3DIdentity),
                           NSValue(caTransform3D: CATransform3DConcat(CATransform3DMakeRotation(.pi / 2, 0, 0, 1), CATransform3DMakeScale(0.01, 0.01, 1))),
                           duration: 1)
        let fade = basic("opacity", 1, 0, duration: 1)
        let both = CAAnimationGroup()
        both.animations = [shrink, fade]
        both.duration = 1
        both.fillMode = .forwards
        both.isRemovedOnCompletion = false
        snapshot.add(both, forKey: "away")
    }
}
