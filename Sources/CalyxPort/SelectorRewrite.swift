import SwiftSyntax

/// Target–action with `#selector` → the closure forms Calyx provides: `UIAction` for controls, the closure-taking
/// gesture recognizer and display-link initializers, block timers and notification observers, and
/// `DispatchQueue.main.asyncAfter` for `perform(_:with:afterDelay:)`. The closure captures the target weakly, as
/// the target–action pair never retained it, and calls the method the selector named with the sender UIKit would
/// have passed.
final class SelectorRewrite: PortVisitor {
    /// The shapes of call that take a selector, and what each becomes.
    private enum Form {
        case controlAction, recognizerTarget, recognizerInit(String), displayLink, timer(scheduled: Bool), notification, perform

        /// The label of the argument that holds the selector.
        var selectorLabel: String {
            switch self {
            case .controlAction, .recognizerTarget, .recognizerInit: return "action"
            case .displayLink, .timer, .notification: return "selector"
            case .perform: return "_"
            }
        }
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard node.arguments.contains(where: { Self.selector(in: $0.expression) != nil }) else { return .visitChildren }
        guard let form = Self.form(of: node) else {
            report(node, "`#selector` in `\(Self.calleeName(node))`: there is no Objective-C runtime; call the method from a closure instead")
            return .visitChildren
        }
        switch rewrite(node, as: form) {
        case .success(let replacement):
            edits.append(.replace(node, with: replacement))
            return .skipChildren
        case .failure(let problem):
            report(node, problem.message)
            return .visitChildren
        }
    }

    override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
        // Selectors passed straight to a call are judged with the call; any other use has no Linux meaning.
        if node.macroName.text == "selector", node.parent?.is(LabeledExprSyntax.self) != true {
            report(node, "`#selector` outside a target–action call: there is no Objective-C runtime; use a closure")
        }
        return .visitChildren
    }

    private struct Problem: Error { let message: String }

    private static func calleeName(_ node: FunctionCallExprSyntax) -> String {
        if let member = node.calledExpression.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
        return node.calledExpression.trimmedDescription
    }

    private static func labels(_ node: FunctionCallExprSyntax) -> [String] { node.arguments.map { $0.label?.text ?? "_" } }

    private static func form(of node: FunctionCallExprSyntax) -> Form? {
        let name = calleeName(node), labels = labels(node)
        let base = node.calledExpression.as(MemberAccessExprSyntax.self)?.base?.trimmedDescription
        switch (name, labels) {
        case ("addTarget", ["_", "action", "for"]): return .controlAction
        case ("addTarget", ["_", "action"]): return .recognizerTarget
        case (_, ["target", "action"]) where name.hasSuffix("GestureRecognizer") && base == nil: return .recognizerInit(name)
        case ("CADisplayLink", ["target", "selector"]): return .displayLink
        case ("scheduledTimer", ["timeInterval", "target", "selector", "userInfo", "repeats"]) where base == "Timer": return .timer(scheduled: true)
        case ("Timer", ["timeInterval", "target", "selector", "userInfo", "repeats"]): return .timer(scheduled: false)
        case ("addObserver", ["_", "selector", "name", "object"]): return .notification
        case ("perform", ["_", "with", "afterDelay"]): return .perform
        default: return nil
        }
    }

    private func argument(_ node: FunctionCallExprSyntax, _ label: String) -> ExprSyntax? {
        node.arguments.first { ($0.label?.text ?? "_") == label }?.expression
    }

    private func rewrite(_ node: FunctionCallExprSyntax, as form: Form) -> Result<String, Problem> {
        guard let selectorExpression = argument(node, form.selectorLabel), let selector = Self.selector(in: selectorExpression) else {
            return .failure(Problem(message: "`#selector` in an unexpected place of `\(Self.calleeName(node))`"))
        }
        guard let (name, labels) = Self.methodName(selector) else {
            return .failure(Problem(message: "`\(selector.trimmedDescription)` names a property accessor; call it from a closure"))
        }
        let method = index.method(name, labels: labels)
        guard let callLabels = labels ?? method?.labels else {
            return .failure(Problem(message: "cannot find the method `\(name)` that `\(selector.trimmedDescription)` names (port its file in the same run, or write the selector with its labels, `\(name)(_:)`)"))
        }
        guard callLabels.count <= 1 else {
            return .failure(Problem(message: "`\(selector.trimmedDescription)` takes \(callLabels.count) arguments; target–action closures pass only the sender"))
        }
        let parameterType = method?.types.first
        let base = node.calledExpression.as(MemberAccessExprSyntax.self)?.base?.trimmedDescription
        let targetExpression: String
        if case .perform = form { targetExpression = base ?? "self" }
        else if let target = argument(node, "_") ?? argument(node, "target") { targetExpression = target.trimmedDescription }
        else { return .failure(Problem(message: "no target")) }
        guard let (capture, receiver) = Self.capture(of: targetExpression) else {
            return .failure(Problem(message: "target `\(targetExpression)` is not `self` or a variable; write the closure by hand"))
        }
        func call(passing sender: String) -> String {
            guard let label = callLabels.first else { return "\(receiver).\(name)()" }
            return "\(receiver).\(name)(\(label == "_" ? "" : label + ": ")\(sender))"
        }
        let takesSender = !callLabels.isEmpty
        let prefix = base.map { $0 + "." } ?? ""
        switch form {
        case .controlAction:
            guard !takesSender || parameterType != nil else {
                return .failure(Problem(message: "cannot find the parameter type of `\(name)` to cast the sender to (port its file in the same run)"))
            }
            let body = takesSender ? call(passing: Self.cast("action.sender", from: "Any?", to: parameterType!)) : call(passing: "")
            let events = argument(node, "for")!.trimmedDescription
            return .success("\(prefix)addAction(UIAction { \(capture) \(takesSender ? "action" : "_") in \(body) }, for: \(events))")
        case .recognizerTarget:
            let body = call(passing: Self.cast("recognizer", from: "UIGestureRecognizer", to: parameterType ?? "UIGestureRecognizer"))
            return .success("\(prefix)addTarget(\(targetExpression)) { \(capture) \(takesSender ? "recognizer" : "_") in \(body) }")
        case .recognizerInit(let type):
            let body = call(passing: Self.cast("recognizer", from: "UIGestureRecognizer", to: parameterType ?? type))
            return .success("\(type) { \(capture) \(takesSender ? "recognizer" : "_") in \(body) }")
        case .displayLink:
            return .success("CADisplayLink { \(capture) \(takesSender ? "link" : "_") in \(call(passing: "link")) }")
        case .timer(let scheduled):
            guard argument(node, "userInfo")?.trimmedDescription == "nil" else {
                return .failure(Problem(message: "a timer with `userInfo`: capture the value in a block timer's closure instead"))
            }
            let interval = argument(node, "timeInterval")!.trimmedDescription, repeats = argument(node, "repeats")!.trimmedDescription
            let head = scheduled ? "Timer.scheduledTimer(withTimeInterval: \(interval), repeats: \(repeats))"
                                 : "Timer(timeInterval: \(interval), repeats: \(repeats))"
            return .success("\(head) { \(capture) \(takesSender ? "timer" : "_") in \(call(passing: "timer")) }")
        case .notification:
            let observer = "\(prefix)addObserver(forName: \(argument(node, "name")!.trimmedDescription), object: \(argument(node, "object")!.trimmedDescription), queue: nil) { \(capture) \(takesSender ? "notification" : "_") in \(call(passing: Self.cast("notification", from: "Notification", to: parameterType ?? "Notification"))) }"
            // The block form answers the observer to remove later; a statement that ignored the old form's Void drops it.
            return .success(node.parent?.is(CodeBlockItemSyntax.self) == true ? "_ = " + observer : observer)
        case .perform:
            let delay = argument(node, "afterDelay")!.trimmedDescription
            let object = argument(node, "with")!.trimmedDescription
            return .success("DispatchQueue.main.asyncAfter(deadline: .now() + \(delay)) { \(capture) in \(call(passing: object)) }")
        }
    }

    /// The `#selector(…)` expression, if `expression` is one.
    static func selector(in expression: ExprSyntax) -> ExprSyntax? {
        guard let macro = expression.as(MacroExpansionExprSyntax.self), macro.macroName.text == "selector",
              let argument = macro.arguments.first else { return nil }
        return argument.label == nil ? argument.expression : ExprSyntax(macro)
    }

    /// The method's base name and argument labels (nil when the selector wrote none).
    private static func methodName(_ selector: ExprSyntax) -> (String, [String]?)? {
        let reference: DeclReferenceExprSyntax?
        if let member = selector.as(MemberAccessExprSyntax.self) { reference = member.declName }
        else { reference = selector.as(DeclReferenceExprSyntax.self) }
        guard let reference else { return nil }
        return (reference.baseName.text, reference.argumentNames.map { $0.arguments.map { $0.name.text } })
    }

    /// The capture list and the optional receiver for a target: `self` and plain variables only.
    private static func capture(of target: String) -> (String, String)? {
        if target == "self" { return ("[weak self]", "self?") }
        if target.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) { return ("[weak \(target)]", "\(target)?") }
        if target.hasPrefix("self."), target.dropFirst(5).allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) {
            let name = String(target.dropFirst(5))
            return ("[weak \(name) = \(target)]", "\(name)?")
        }
        return nil
    }

    /// `value` (of static type `from`) passed where the method wants `to`.
    private static func cast(_ value: String, from: String, to: String) -> String {
        if to == from || to == "Any?" && from.hasSuffix("?") { return value }
        // Methods written for Objective-C often take the reference type a value bridges to.
        if from == "Notification", to == "NSNotification" { return "\(value) as NSNotification" }
        if to == "Any" || to == "AnyObject" { return "\(value) as \(to)" }
        if to.hasSuffix("?") { return "\(value) as? \(to.dropLast())" }
        return "\(value) as! \(to)"
    }
}
