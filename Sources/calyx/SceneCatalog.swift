import QuartzCore

/// The scenes `calyx list` names and `calyx render` exports: each a layer tree built at media time 0 with its
/// animations, and how long one pass of it lasts.
enum SceneCatalog {
    struct Scene: Sendable {
        let name: String
        let summary: String
        let duration: CFTimeInterval
        let build: @Sendable () -> CALayer
    }

    static let scenes: [Scene] = [
        Scene(name: "worm", summary: "the worm loader: strokeStart/strokeEnd keyframes in a group, with a rotation",
              duration: 2, build: AnimationFilmstrip.worm),
        Scene(name: "spring", summary: "CASpringAnimation on position.y", duration: 1.5, build: AnimationFilmstrip.spring),
        Scene(name: "ship", summary: "a ship along a Bézier path, rotationMode .rotateAuto", duration: 1.2, build: AnimationFilmstrip.ship),
        Scene(name: "cube", summary: "a CATransformLayer cube turning in perspective", duration: 2, build: AnimationFilmstrip.cube),
        Scene(name: "spinner", summary: "a CAReplicatorLayer spinner: instanceDelay and alpha offsets", duration: 1.2,
              build: AnimationFilmstrip.spinner),
        Scene(name: "burst", summary: "a CAEmitterLayer burst with gravity and fading colours", duration: 1.5,
              build: AnimationFilmstrip.burst),
    ]

    static func scene(named name: String) -> Scene? { scenes.first { $0.name == name } }
}
