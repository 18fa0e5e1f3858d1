/// Key-value coding of animations as Objective-C gives it: every property by its Objective-C name (`duration`,
/// `removedOnCompletion`, `keyPath`, `fromValue`, `calculationMode`…) reads and writes the property, strings come
/// back as `String`; any other key tags the animation with a value.
enum AnimationKeys {
    /// The property's value, or nil when `key` names no property of the animation's class.
    static func read(_ a: CAAnimation, _ key: String) -> Any?? {
        switch key {
        case "beginTime": return .some(a.beginTime)
        case "duration": return .some(a.duration)
        case "speed": return .some(a.speed)
        case "timeOffset": return .some(a.timeOffset)
        case "repeatCount": return .some(a.repeatCount)
        case "repeatDuration": return .some(a.repeatDuration)
        case "autoreverses": return .some(a.autoreverses)
        case "fillMode": return .some(a.fillMode.rawValue)
        case "timingFunction": return .some(a.timingFunction)
        case "removedOnCompletion": return .some(a.isRemovedOnCompletion)
        case "delegate": return .some(a.delegate)
        default: break
        }
        if let p = a as? CAPropertyAnimation {
            switch key {
            case "keyPath": return .some(p.keyPath)
            case "additive": return .some(p.isAdditive)
            case "cumulative": return .some(p.isCumulative)
            case "valueFunction": return .some(p.valueFunction)
            default: break
            }
        }
        switch (a, key) {
        case (let b as CABasicAnimation, "fromValue"): return .some(b.fromValue)
        case (let b as CABasicAnimation, "toValue"): return .some(b.toValue)
        case (let b as CABasicAnimation, "byValue"): return .some(b.byValue)
        case (let k as CAKeyframeAnimation, "values"): return .some(k.values)
        case (let k as CAKeyframeAnimation, "path"): return .some(k.path)
        case (let k as CAKeyframeAnimation, "keyTimes"): return .some(k.keyTimes)
        case (let k as CAKeyframeAnimation, "timingFunctions"): return .some(k.timingFunctions)
        case (let k as CAKeyframeAnimation, "calculationMode"): return .some(k.calculationMode.rawValue)
        case (let k as CAKeyframeAnimation, "rotationMode"): return .some(k.rotationMode?.rawValue)
        case (let g as CAAnimationGroup, "animations"): return .some(g.animations)
        case (let t as CATransition, "type"): return .some(t.type.rawValue)
        case (let t as CATransition, "subtype"): return .some(t.subtype?.rawValue)
        case (let t as CATransition, "startProgress"): return .some(t.startProgress)
        case (let t as CATransition, "endProgress"): return .some(t.endProgress)
        default: return nil
        }
    }

    /// Sets the property `key` names; false when it names none (the caller tags the value instead). A value of
    /// the wrong type leaves the property as it was.
    static func write(_ a: CAAnimation, _ key: String, _ value: Any?) -> Bool {
        let number = anyToDouble(value)
        switch key {
        case "beginTime": if let n = number { a.beginTime = n }
        case "duration": if let n = number { a.duration = n }
        case "speed": if let n = number { a.speed = Float(n) }
        case "timeOffset": if let n = number { a.timeOffset = n }
        case "repeatCount": if let n = number { a.repeatCount = Float(n) }
        case "repeatDuration": if let n = number { a.repeatDuration = n }
        case "autoreverses": if let b = Convert.bool(value) { a.autoreverses = b }
        case "fillMode": if let s = value as? String { a.fillMode = CAMediaTimingFillMode(rawValue: s) }
        case "timingFunction": a.timingFunction = value as? CAMediaTimingFunction
        case "removedOnCompletion": if let b = Convert.bool(value) { a.isRemovedOnCompletion = b }
        default:
            return writeSubclassKey(a, key, value)
        }
        return true
    }

    private static func writeSubclassKey(_ a: CAAnimation, _ key: String, _ value: Any?) -> Bool {
        switch (a, key) {
        case (let p as CAPropertyAnimation, "keyPath"): p.keyPath = value as? String
        case (let p as CAPropertyAnimation, "additive"): if let b = Convert.bool(value) { p.isAdditive = b }
        case (let p as CAPropertyAnimation, "cumulative"): if let b = Convert.bool(value) { p.isCumulative = b }
        case (let b as CABasicAnimation, "fromValue"): b.fromValue = value
        case (let b as CABasicAnimation, "toValue"): b.toValue = value
        case (let b as CABasicAnimation, "byValue"): b.byValue = value
        case (let k as CAKeyframeAnimation, "values"): k.values = value as? [Any]
        case (let k as CAKeyframeAnimation, "path"): k.path = value as? CGPath
        case (let k as CAKeyframeAnimation, "keyTimes"): k.keyTimes = value as? [NSNumber]
        case (let k as CAKeyframeAnimation, "calculationMode"):
            if let s = value as? String { k.calculationMode = CAAnimationCalculationMode(rawValue: s) }
        case (let k as CAKeyframeAnimation, "rotationMode"): k.rotationMode = (value as? String).map(CAAnimationRotationMode.init(rawValue:))
        case (let g as CAAnimationGroup, "animations"): g.animations = value as? [CAAnimation]
        case (let t as CATransition, "type"): if let s = value as? String { t.type = CATransitionType(rawValue: s) }
        case (let t as CATransition, "subtype"): t.subtype = (value as? String).map(CATransitionSubtype.init(rawValue:))
        default: return false
        }
        return true
    }

    /// Apple's `defaultValue(forKey:)` for animations: nil but for a keyframe animation's `calculationMode`.
    static func defaultValue(of type: CAAnimation.Type, forKey key: String) -> Any? {
        type is CAKeyframeAnimation.Type && key == "calculationMode" ? CAAnimationCalculationMode.linear.rawValue : nil
    }
}
