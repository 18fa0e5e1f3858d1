import UIKit

/// The appearance callbacks screens received, in order ("A.willAppear", "B.didDisappear", …): what the
/// presentation, navigation and interactive-transition tests compare with UIKit's documented order.
final class AppearanceLog: @unchecked Sendable { var calls: [String] = [] }

/// A view controller that writes its appearance callbacks to a log.
final class LoggingScreen: UIViewController, @unchecked Sendable {
    let log: AppearanceLog, name: String
    init(_ name: String, _ log: AppearanceLog) { self.log = log; self.name = name; super.init(nibName: nil, bundle: nil); title = name }
    required init?(coder: NSCoder) { nil }
    override func viewWillAppear(_ animated: Bool) { log.calls.append("\(name).willAppear") }
    override func viewDidAppear(_ animated: Bool) { log.calls.append("\(name).didAppear") }
    override func viewWillDisappear(_ animated: Bool) { log.calls.append("\(name).willDisappear") }
    override func viewDidDisappear(_ animated: Bool) { log.calls.append("\(name).didDisappear") }
}
