import CoreGraphics
import CoreText
import UIKit

extension ProgramGenerator {
    /// A label with hostile text, sizes and settings joins a view, is measured, cross-fades to attributed text in a
    /// transition, and its text is also drawn and measured through UIKit's string drawing into a hostile rectangle.
    mutating func labelCall(_ a: Int, duration: Generated<Double>) -> ProgramCall {
        let text = values.attributedString(), size = values.number(-5, 200), fit = values.size(), rect = values.rect()
        let lines = values.int(-1...4), breaking = values.int(0...6), alignment = values.int(0...5)
        let shrink = values.number(-1, 2), weight = values.number(-2, 2), options = values.int(0...63)
        let source = "let l = UILabel(frame: \(rect.source)); l.font = .systemFont(ofSize: \(size.source), weight: .init(\(weight.source))); l.numberOfLines = \(lines); l.lineBreakMode = \(breaking); l.textAlignment = \(alignment); l.adjustsFontSizeToFitWidth = true; l.minimumScaleFactor = \(shrink.source); l.text = \"Calyx label\"; V[\(a)].addSubview(l); _ = l.sizeThatFits(\(fit.source)); UIView.transition(with: l, duration: \(duration.source), options: .transitionCrossDissolve) { l.attributedText = \(text.source) }; text.draw(with: \(rect.source), options: \(options)); text.boundingRect(with: \(fit.source), options: \(options))"
        return ProgramCall(source: source) { w in
            let label = UILabel(frame: rect.value)
            label.font = .systemFont(ofSize: CGFloat(size.value), weight: UIFont.Weight(CGFloat(weight.value)))
            label.numberOfLines = lines
            label.lineBreakMode = NSLineBreakMode(rawValue: breaking) ?? .byWordWrapping
            label.textAlignment = NSTextAlignment(rawValue: alignment) ?? .natural
            label.adjustsFontSizeToFitWidth = true
            label.minimumScaleFactor = CGFloat(shrink.value)
            label.text = "Calyx label"
            w.view(a)?.addSubview(label)
            w.views.append(label); w.layers.append(label.layer)
            w.observe(label.sizeThatFits(fit.value))
            w.observe(label.intrinsicContentSize)
            UIView.transition(with: label, duration: duration.value, options: .transitionCrossDissolve, animations: {
                label.attributedText = text.value
            }, completion: { _ in w.completions += 1 })
            let drawingOptions = NSStringDrawingOptions(rawValue: options)
            let image = UIGraphicsImageRenderer(size: CGSize(width: 24, height: 24)).image { _ in
                text.value.draw(with: rect.value, options: drawingOptions, context: nil)
                text.value.string.draw(at: rect.value.origin, withAttributes: [.font: label.font as Any])
            }
            w.observe(image.size)
            w.observe(text.value.boundingRect(with: fit.value, options: drawingOptions, context: nil))
            w.observe(label.textRect(forBounds: rect.value, limitedToNumberOfLines: lines))
        }
    }

    /// Stock controls with hostile values — a configured or classic button, a switch, a slider, a progress view
    /// and a spinner — in a view, touched along hostile points, their actions editing the tree; then a scroll
    /// view and a table driven by a `ListScript`.
    mutating func controlsCall(_ a: Int) -> ProgramCall {
        let frame = values.rect(), value = values.number(-2, 3), low = values.number(-2, 2), high = values.number(-2, 2)
        let points = (0..<values.int(1...4)).map { _ in values.point() }
        let configured = values.chance(0.5), style = values.int(0...7), size = values.int(0...3), padding = values.number(-20, 40)
        // Scroll and table views joined later: their script is seeded by what was drawn, keeping recorded programs.
        let lists = ListScript(seed: points.reduce(UInt64(style * 4 + size)) {
            ($0 &* 0x100_0000_01B3) ^ UInt64($1.value.x.bitPattern) ^ (UInt64($1.value.y.bitPattern) >> 1)
        })
        let source = "button (configured: \(configured), style \(style), size \(size), padding \(padding.source)), switch, slider (\(low.source)…\(high.source), value \(value.source)), progress \(value.source), spinner in V[\(a)] at \(frame.source); touch along \(points.map(\.source)); lists: \(lists.source)"
        return ProgramCall(source: source) { w in
            let button: UIButton
            if configured {
                var configuration: UIButton.Configuration = [.plain(), .tinted(), .gray(), .filled(), .borderless(), .bordered(),
                                                             .borderedTinted(), .borderedProminent()][style]
                configuration.title = "Go"
                configuration.subtitle = "sub"
                configuration.imagePadding = CGFloat(padding.value)
                configuration.titlePadding = CGFloat(padding.value)
                configuration.buttonSize = [.mini, .small, .medium, .large][size]
                configuration.imagePlacement = [.leading, .trailing, .top, .bottom][size]
                button = UIButton(configuration: configuration)
                button.configurationUpdateHandler = { b in b.configuration?.title = b.isHighlighted ? "On" : "Go" }
            } else {
                button = UIButton(type: UIButton.ButtonType(rawValue: style % 7) ?? .system)
                button.setTitle("Tap", for: .normal)
                button.setTitle(nil, for: .highlighted)
                button.contentEdgeInsets = UIEdgeInsets(top: CGFloat(padding.value), left: -CGFloat(padding.value), bottom: 0, right: 0)
            }
            button.addAction(UIAction { _ in w.view(a)?.removeFromSuperview(); w.completions += 1 }, for: .primaryActionTriggered)
            button.frame = frame.value
            let toggle = UISwitch(frame: frame.value)
            let slider = UISlider(frame: frame.value)
            slider.minimumValue = Float(low.value); slider.maximumValue = Float(high.value)
            slider.setValue(Float(value.value), animated: true)
            slider.addAction(UIAction { _ in toggle.setOn(!toggle.isOn, animated: true) }, for: .valueChanged)
            let progress = UIProgressView(progressViewStyle: .bar)
            progress.frame = frame.value
            progress.setProgress(Float(value.value), animated: true)
            let spinner = UIActivityIndicatorView(style: size % 2 == 0 ? .medium : .large)
            spinner.startAnimating()
            for control in [button, toggle, slider, progress, spinner] as [UIView] {
                w.window.addSubview(control)
                w.views.append(control); w.layers.append(control.layer)
            }
            for (k, p) in points.enumerated() {
                w.window.sendPointer(k == 0 ? .began : k == points.count - 1 ? .ended : .moved, at: p.value)
            }
            w.observe(button.intrinsicContentSize)
            w.observe(slider.value)
            w.observe(toggle.isOn)
            if value.value > 1 { spinner.stopAnimating() }
            lists.run(in: w, editing: a)
        }
    }

    /// Auto Layout with hostile constants, multipliers and priorities — conflicting, cyclic through siblings,
    /// across levels — laid out, changed and laid out again inside an animation block.
    mutating func constraintsCall(_ a: Int) -> ProgramCall {
        let b = index(), constant = values.number(-1e3, 1e3), multiplier = values.number(-3, 3), priority = values.number(-100, 1200)
        let duration = values.number(-1, 2), count = values.int(1...6), fitting = values.size()
        let source = "\(count) constraints between a new view, V[\(a)] and V[\(b)] (constant \(constant.source), multiplier \(multiplier.source), priority \(priority.source)); layoutIfNeeded; constant changed inside animate(\(duration.source)); fitting \(fitting.source)"
        return ProgramCall(source: source) { w in
            guard let anchorView = w.view(a), let other = w.view(b) else { return }
            let box = UIView()
            box.translatesAutoresizingMaskIntoConstraints = false
            anchorView.addSubview(box)
            let label = UILabel()
            label.text = "fit"
            label.translatesAutoresizingMaskIntoConstraints = false
            box.addSubview(label)
            var made: [NSLayoutConstraint] = [
                box.widthAnchor.constraint(equalTo: other.widthAnchor, multiplier: CGFloat(multiplier.value), constant: CGFloat(constant.value)),
                box.leadingAnchor.constraint(equalTo: other.trailingAnchor, constant: CGFloat(constant.value)),
                box.heightAnchor.constraint(equalToConstant: CGFloat(constant.value)),
                label.centerXAnchor.constraint(equalTo: box.centerXAnchor),
                label.firstBaselineAnchor.constraint(equalTo: other.bottomAnchor, constant: CGFloat(-constant.value)),
                box.heightAnchor.constraint(lessThanOrEqualTo: box.widthAnchor, multiplier: CGFloat(multiplier.value)),
            ]
            made = Array(made.prefix(count))
            for (k, c) in made.enumerated() where k % 2 == 1 { c.priority = UILayoutPriority(Float(priority.value)) }
            NSLayoutConstraint.activate(made)
            anchorView.layoutIfNeeded()
            UIView.animate(withDuration: duration.value, animations: {
                made.first?.constant = CGFloat(-constant.value)
                anchorView.superview?.layoutIfNeeded()
            }, completion: { _ in w.completions += 1 })
            w.observe(box.frame)
            w.observe(box.systemLayoutSizeFitting(fitting.value))
            if count > 3 { NSLayoutConstraint.deactivate(made) }
            w.views.append(box); w.layers.append(box.layer)
        }
    }
}
