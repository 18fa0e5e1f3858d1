import Testing
@testable import QuartzCore

/// The render tree skips its walk of the model when nothing anywhere changed, and still sees every change.
@Suite struct RenderTreeSyncTests {
    @Test func anUnchangedModelIsNotWalkedAndDeepChangesStillArrive() throws {
        let root = CALayer(), child = CALayer(), leaf = CALayer()
        root.addSublayer(child); child.addSublayer(leaf)
        CATransaction.flush()
        let tree = RenderTree()
        // (Other tests change layers on other threads; the skip is only checked when none did meanwhile.)
        let generation = CALayer.modelGeneration
        tree.sync(with: root)
        #expect(tree.walks == 1)
        tree.sync(with: root)
        if CALayer.modelGeneration == generation { #expect(tree.walks == 1, "an unchanged model should not be walked") }

        CATransaction.begin(); CATransaction.setDisableActions(true)
        leaf.opacity = 0.25
        tree.sync(with: root)
        let leafNode = try #require(tree.root?.children.first?.children.first)
        #expect(leafNode.snapshot.opacity == 1, "a change inside an open transaction is not drawn")
        CATransaction.commit()
        tree.sync(with: root)
        #expect(tree.root?.children.first?.children.first?.snapshot.opacity == 0.25, "a deep change arrives after its commit")

        child.removeFromSuperlayer()
        CATransaction.flush()
        tree.sync(with: root)
        #expect(tree.root?.children.isEmpty == true, "a removal arrives")
    }
}
