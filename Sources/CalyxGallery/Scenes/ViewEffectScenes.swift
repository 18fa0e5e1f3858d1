import UIKit

/// UIKit's drawn transitions and effects: flips, curls, the blur fading in over a photo, and the system delete.
extension Gallery {
    static let viewEffectScenes: [GalleryScene] = [
        GalleryScene("view-flip", "View effects", "UIView.transition(with:) .transitionFlipFromLeft: a card turning over in perspective",
                     duration: 1.2, probes: [.init(60, 60, rgb(0.9, 0.35, 0.2))],
                     changes: [.init(time: 0.05, apply: { turnCard($0, options: .transitionFlipFromLeft) })], build: flipCard),
        GalleryScene("view-curl", "View effects", "UIView.transition(with:) .transitionCurlUp: the page rolls away from the bottom",
                     duration: 1.2, probes: [.init(60, 60, rgb(0.9, 0.35, 0.2))],
                     changes: [.init(time: 0.05, apply: { turnCard($0, options: .transitionCurlUp) })], build: flipCard),
        GalleryScene("blur-fade-in", "View effects", "a UIVisualEffectView's effect animated from nil to .light over a photo, and back",
                     duration: 2.4, probes: [.init(2, 2, rgb(0.95, 0.8, 0.3))], build: blurFadeIn),
        GalleryScene("view-delete", "View effects", "UIView.perform(.delete, on:): the middle tile blurs, shrinks and fades, then the others close up",
                     duration: 1.2, probes: [.init(2, 2, white)], build: deleteTile),
    ]

    /// A card with a face drawn on it (a stripe and a dot), in the middle of the stage.
    static func flipCard() -> CALayer {
        let window = window()
        let card = UIView(frame: CGRect(x: 20, y: 25, width: 80, height: 70))
        card.backgroundColor = UIColor(red: 0.9, green: 0.35, blue: 0.2, alpha: 1)
        card.layer.cornerRadius = 8
        card.tag = 1
        let stripe = UIView(frame: CGRect(x: 10, y: 10, width: 60, height: 10))
        stripe.backgroundColor = .white
        card.addSubview(stripe)
        window.addSubview(card)
        return window.layer
    }

    static func turnCard(_ root: CALayer, options: UIView.AnimationOptions) {
        guard let window = root.delegate as? UIWindow, let card = window.viewWithTag(1) else { return }
        UIView.transition(with: card, duration: 1, options: options, animations: {
            card.backgroundColor = UIColor(red: 0.2, green: 0.5, blue: 0.9, alpha: 1)
            card.subviews.first?.frame = CGRect(x: 10, y: 50, width: 60, height: 10)
        })
    }

    /// A "photo": sky, sun, hills, and a word-like bar, under a blur view whose effect comes and goes.
    static func blurFadeIn() -> CALayer {
        let window = window()
        window.backgroundColor = UIColor(red: 0.95, green: 0.8, blue: 0.3, alpha: 1)
        let sun = UIView(frame: CGRect(x: 70, y: 15, width: 34, height: 34))
        sun.backgroundColor = UIColor(red: 0.95, green: 0.3, blue: 0.2, alpha: 1)
        sun.layer.cornerRadius = 17
        let hill = UIView(frame: CGRect(x: -20, y: 70, width: 100, height: 80))
        hill.backgroundColor = UIColor(red: 0.2, green: 0.6, blue: 0.3, alpha: 1)
        hill.layer.cornerRadius = 40
        let sea = UIView(frame: CGRect(x: 0, y: 95, width: 120, height: 25))
        sea.backgroundColor = UIColor(red: 0.1, green: 0.3, blue: 0.7, alpha: 1)
        for view in [sun, hill, sea] { window.addSubview(view) }
        let blurView = UIVisualEffectView(effect: nil)
        blurView.frame = CGRect(x: 10, y: 10, width: 100, height: 100)
        blurView.layer.cornerRadius = 16
        let label = UIView(frame: CGRect(x: 20, y: 44, width: 60, height: 12))
        label.backgroundColor = UIColor(white: 0.15, alpha: 1)
        label.layer.cornerRadius = 6
        label.alpha = 0
        blurView.contentView.addSubview(label)
        window.addSubview(blurView)
        UIView.animate(withDuration: 1, delay: 0, options: [.curveEaseInOut, .autoreverse], animations: {
            blurView.effect = UIBlurEffect(style: .light)
            label.alpha = 1
        }, completion: { _ in blurView.effect = nil; label.alpha = 0 })
        return window.layer
    }

    /// Three tiles; the middle one is deleted with the system animation while the last slides into its place.
    static func deleteTile() -> CALayer {
        let window = window()
        let colours = [UIColor(red: 0.3, green: 0.6, blue: 0.9, alpha: 1), UIColor(red: 0.9, green: 0.35, blue: 0.3, alpha: 1),
                       UIColor(red: 0.3, green: 0.75, blue: 0.45, alpha: 1)]
        let tiles = colours.enumerated().map { i, colour in
            let tile = UIView(frame: CGRect(x: 10, y: 10 + CGFloat(i) * 35, width: 100, height: 30))
            tile.backgroundColor = colour
            tile.layer.cornerRadius = 6
            window.addSubview(tile)
            return tile
        }
        UIView.perform(.delete, on: [tiles[1]], options: [], animations: nil) { _ in
            UIView.animate(withDuration: 0.3) { tiles[2].frame.origin.y = 45 }
        }
        return window.layer
    }
}
