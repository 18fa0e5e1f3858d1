import UIKit

final class PortedPlayerViewController: UIViewController {
    private let playButton = UIButton(type: .system)
    private var link: CADisplayLink?
    private var timer: Timer?
    private var ticks = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        playButton.addAction(UIAction { [weak self] action in self?.playTapped(action.sender as! UIButton) }, for: .touchUpInside)
        playButton.addAction(UIAction { [weak self] _ in self?.reset() }, for: [.touchDragExit, .touchCancel])
        let tap = UITapGestureRecognizer { [weak self] recognizer in self?.handleTap(recognizer as! UITapGestureRecognizer) }
        view.addGestureRecognizer(tap)
        let pan = UIPanGestureRecognizer()
        pan.addTarget(self) { [weak self] recognizer in self?.handlePan(recognizer as! UIPanGestureRecognizer) }
        view.addGestureRecognizer(pan)
        _ = NotificationCenter.default.addObserver(forName: UIApplication.didBecomeActiveNotification, object: nil, queue: nil) { [weak self] notification in self?.appDidBecomeActive(notification) }
    }

    func start() {
        link = CADisplayLink { [weak self] link in self?.step(link) }
        link?.add(to: .main, forMode: .common)
        timer = Timer.scheduledTimer(withTimeInterval: 0.5, repeats: true) { [weak self] _ in self?.tick() }
        DispatchQueue.main.asyncAfter(deadline: .now() + 2) { [weak self] in self?.reset() }
    }

    private func playTapped(_ sender: UIButton) {
        sender.isSelected.toggle()
    }

    func reset() { ticks = 0 }

    func handleTap(_ recognizer: UITapGestureRecognizer) {
        view.alpha = recognizer.state == .ended ? 1 : 0.5
    }

    func handlePan(_ recognizer: UIPanGestureRecognizer) {
        view.center.x += recognizer.translation(in: view).x
    }

    func step(_ displayLink: CADisplayLink) {
        view.layer.opacity = Float(displayLink.timestamp.truncatingRemainder(dividingBy: 1))
    }

    func tick() { ticks += 1 }

    func appDidBecomeActive(_ notification: Notification) {
        start()
    }
}
