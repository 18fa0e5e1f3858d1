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

    /// A 1,000-layer tree: root → 10 groups → 100 leaves each.
    func bigTree() -> (root: CALayer, leaves: [CALayer]) {
        let root = CALayer()
        var leaves: [CALayer] = []
        for _ in 0..<10 {
            let group = CALayer()
            root.addSublayer(group)
            for _ in 0..<100 { let leaf = CALayer(); group.addSublayer(leaf); leaves.append(leaf) }
        }
        CATransaction.flush()
        return (root, leaves)
    }

    func node(of leaf: CALayer, in tree: RenderTree) -> RenderTree.Node? {
        tree.root?.children.lazy.flatMap(\.children).first { $0.id == ObjectIdentifier(leaf) }
    }

    @Test func aCommittedPropertyVisitsOnlyItsLayer() throws {
        let (root, leaves) = bigTree()
        let tree = RenderTree()
        tree.sync(with: root)
        #expect(tree.lastSyncVisits == 1011)
        CATransaction.begin(); CATransaction.setDisableActions(true)
        leaves[537].opacity = 0.5
        CATransaction.commit()
        tree.sync(with: root)
        #expect(tree.lastSyncVisits == 1, "one committed layer, one visit")
        #expect(try #require(node(of: leaves[537], in: tree)).snapshot.opacity == 0.5)
    }

    @Test func structuralCommitsWalkTheWholeTree() throws {
        let (root, leaves) = bigTree()
        let tree = RenderTree()
        tree.sync(with: root)
        let extra = CALayer()
        leaves[3].superlayer!.addSublayer(extra)
        leaves[900].removeFromSuperlayer()
        CATransaction.flush()
        tree.sync(with: root)
        #expect(tree.lastSyncVisits > 1000)
        #expect(node(of: extra, in: tree) != nil && node(of: leaves[900], in: tree) == nil)
        // Flipping a group's geometry reaches its sublayers' copies.
        let group = try #require(leaves[150].superlayer)
        CATransaction.begin(); CATransaction.setDisableActions(true)
        group.isGeometryFlipped = true
        CATransaction.commit()
        tree.sync(with: root)
        #expect(try #require(node(of: leaves[150], in: tree)).snapshot.contentsAreFlipped() == true)
    }

    @Test func manyCommitsAtOnceStillArrive() throws {
        let (root, leaves) = bigTree()
        let tree = RenderTree()
        tree.sync(with: root)
        // More than the commit log lists for one sync: the tree walks everything instead.
        for round in 0..<10 {
            CATransaction.begin(); CATransaction.setDisableActions(true)
            for leaf in leaves { leaf.zPosition = CGFloat(round + 1) }
            CATransaction.commit()
        }
        tree.sync(with: root)
        #expect(leaves.allSatisfy { leaf in node(of: leaf, in: tree)?.snapshot.zPosition == 10 })
    }
}
