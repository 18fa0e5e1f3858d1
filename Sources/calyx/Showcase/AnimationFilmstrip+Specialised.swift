import QuartzCore
import CalyxGallery

/// Filmstrip rows for the specialised layers the compositor draws: a replicator spinner and an emitter burst.
extension AnimationFilmstrip {
    static let specialisedScenes: [CompositorScene] = [
        CompositorScene(title: "CAReplicatorLayer spinner: 12 instances, instanceDelay and alpha offset (CARenderer)",
                        build: Gallery.spinner),
        CompositorScene(title: "CAEmitterLayer burst: seeded particles with gravity, colour ranges and fading (CARenderer)",
                        build: Gallery.burst),
    ]
}
