import CoreGraphics
import QuartzCore
import UIKit

/// One edit of the world that a callback makes: what application code does from inside Calyx's walks
/// (docs/bad-input.md, "Callbacks that edit what is being walked").
struct ProgramEdit {
    let source: String
    let run: (ProgramWorld) -> Void
}

extension ProgramGenerator {
    /// A random edit of every kind a callback can make: animations added and removed (by key, all, on the
    /// calling layer or another), layers re-parented or removed, properties set, layout forced, transactions
    /// flushed or opened and closed, views moved and animated.
    mutating func edit() -> ProgramEdit {
        let a = index(), b = index()
        switch values.int(0...11) {
        case 0:
            let anim = animation(depth: 1), key = values.pick(["k1", "k2", "e"])
            return ProgramEdit(source: "L[\(a)].add({ \(anim.source); return a }(), forKey: \"\(key)\")") { w in w.layer(a).add(anim.value, forKey: key) }
        case 1:
            let key = values.pick(["k1", "k2", "e", "transition", "position"])
            return ProgramEdit(source: "L[\(a)].removeAnimation(forKey: \"\(key)\")") { w in w.layer(a).removeAnimation(forKey: key) }
        case 2: return ProgramEdit(source: "L[\(a)].removeAllAnimations()") { w in w.layer(a).removeAllAnimations() }
        case 3: return ProgramEdit(source: "L[\(b)].addSublayer(L[\(a)])") { w in w.layer(b).addSublayer(w.layer(a)) }
        case 4: return ProgramEdit(source: "L[\(a)].removeFromSuperlayer()") { w in w.layer(a).removeFromSuperlayer() }
        case 5:
            let key = values.pick(Self.keys), value = values.value(forKey: key)
            return ProgramEdit(source: "L[\(a)].setValue(\(value.source), forKey: \"\(key)\")") { w in w.layer(a).setValue(value.value, forKey: key) }
        case 6:
            return ProgramEdit(source: "L[\(a)].setNeedsLayout(); L[\(a)].layoutIfNeeded(); L[\(a)].setNeedsDisplay()") { w in
                let l = w.layer(a); l.setNeedsLayout(); l.layoutIfNeeded(); l.setNeedsDisplay()
            }
        case 7: return ProgramEdit(source: "CATransaction.flush()") { _ in CATransaction.flush() }
        case 8:
            let o = values.number(0, 1)
            return ProgramEdit(source: "CATransaction.begin(); L[\(a)].opacity = \(o.source); CATransaction.commit()") { w in
                CATransaction.begin(); w.layer(a).opacity = Float(o.value); CATransaction.commit()
            }
        case 9:
            return ProgramEdit(source: "V[\(b)].addSubview(V[\(a)])") { w in
                guard let x = w.view(b), let y = w.view(a) else { return }
                x.addSubview(y)
            }
        case 10:
            let p = values.point(), d = values.number(-1, 2)
            return ProgramEdit(source: "UIView.animate(withDuration: \(d.source)) { V[\(a)].center = \(p.source) }") { w in
                guard let v = w.view(a) else { return }
                UIView.animate(withDuration: d.value) { v.center = p.value }
            }
        default:
            return ProgramEdit(source: "V[\(a)].removeFromSuperview()") { w in w.view(a)?.removeFromSuperview() }
        }
    }

    /// Callbacks that edit: animation delegates editing at start and stop, layer delegates editing in action
    /// lookups, layout and drawing, transaction completions, and views whose hierarchy notifications and layout
    /// edit.
    mutating func callbackSetup() -> ProgramCall {
        let a = index()
        switch values.int(0...3) {
        case 0:
            let anim = animation(depth: 1), onStart = edit(), onStop = edit()
            let key = values.pick(["k1", "k2", "e", "transition"])
            return ProgramCall(source: "L[\(a)].add({ \(anim.source); a.delegate = Editor(start: { \(onStart.source) }, stop: { \(onStop.source) }); return a }(), forKey: \"\(key)\")") { w in
                anim.value.delegate = EditingAnimationDelegate(world: w, onStart: onStart, onStop: onStop)
                w.layer(a).add(anim.value, forKey: key)
            }
        case 1:
            let onAction = edit(), onLayout = edit(), onDraw = edit()
            return ProgramCall(source: "L[\(a)].delegate = EditingLayerDelegate(action: { \(onAction.source) }, layout: { \(onLayout.source) }, draw: { \(onDraw.source) })") { w in
                let delegate = EditingLayerDelegate(world: w, onAction: onAction, onLayout: onLayout, onDraw: onDraw)
                w.keptAlive.append(delegate)
                let layer = w.layer(a)
                // A view's layer keeps its view as delegate (UIKit needs it); other layers take the editor.
                if !(layer.delegate is UIView) { layer.delegate = delegate }
            }
        case 2:
            let onComplete = edit()
            return ProgramCall(source: "CATransaction.setCompletionBlock { \(onComplete.source) }") { w in
                CATransaction.setCompletionBlock { [unowned w] in onComplete.run(w) }
            }
        default:
            let frame = values.rect(), onMove = edit(), onLayout = edit()
            return ProgramCall(source: "views.append(EditingView(frame: \(frame.source), moved: { \(onMove.source) }, laidOut: { \(onLayout.source) }))") { w in
                let view = EditingView(world: w, onMove: onMove, onLayout: onLayout)
                view.frame = frame.value
                w.views.append(view); w.layers.append(view.layer)
            }
        }
    }
}

/// Runs an edit at most a few levels deep on one thread: an edit's own callbacks may edit again, but a chain
/// that keeps going is the program's loop, not Calyx's (Calyx bounds its own recursion; see CallbackEditingTests).
private enum EditDepth {
    nonisolated(unsafe) static var current = 0
    static func run(_ edit: ProgramEdit, in world: ProgramWorld) {
        guard Thread.isMainThread, current < 4 else { return }
        current += 1
        defer { current -= 1 }
        edit.run(world)
    }
}

/// An animation delegate that edits the world when its animation starts and when it stops.
final class EditingAnimationDelegate: NSObject, CAAnimationDelegate {
    unowned let world: ProgramWorld
    let onStart: ProgramEdit, onStop: ProgramEdit
    init(world: ProgramWorld, onStart: ProgramEdit, onStop: ProgramEdit) {
        self.world = world; self.onStart = onStart; self.onStop = onStop
    }
    func animationDidStart(_ anim: CAAnimation) { EditDepth.run(onStart, in: world) }
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { EditDepth.run(onStop, in: world) }
}

/// A layer delegate that edits the world while its layer looks up an action, lays out and draws.
final class EditingLayerDelegate: NSObject, CALayerDelegate {
    unowned let world: ProgramWorld
    let onAction: ProgramEdit, onLayout: ProgramEdit, onDraw: ProgramEdit
    init(world: ProgramWorld, onAction: ProgramEdit, onLayout: ProgramEdit, onDraw: ProgramEdit) {
        self.world = world; self.onAction = onAction; self.onLayout = onLayout; self.onDraw = onDraw
    }
    func action(for layer: CALayer, forKey event: String) -> CAAction? { EditDepth.run(onAction, in: world); return nil }
    func layoutSublayers(of layer: CALayer) { EditDepth.run(onLayout, in: world) }
    func draw(_ layer: CALayer, in ctx: CGContext) {
        ctx.setFillColor(CGColor(red: 0.3, green: 0.6, blue: 0.9, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        EditDepth.run(onDraw, in: world)
    }
}

/// A view whose hierarchy notifications and layout edit the world.
final class EditingView: UIView, @unchecked Sendable {
    unowned let world: ProgramWorld
    let onMove: ProgramEdit, onLayout: ProgramEdit
    init(world: ProgramWorld, onMove: ProgramEdit, onLayout: ProgramEdit) {
        self.world = world; self.onMove = onMove; self.onLayout = onLayout
        super.init(frame: .zero)
    }
    required init?(coder: NSCoder) { nil }
    override func didMoveToSuperview() { EditDepth.run(onMove, in: world) }
    override func willMove(toWindow newWindow: UIWindow?) { EditDepth.run(onMove, in: world) }
    override func layoutSubviews() { EditDepth.run(onLayout, in: world) }
}
