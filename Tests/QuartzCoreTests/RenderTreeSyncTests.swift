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

    /// A commit takes its copies (which moves the model's generation) and then hands its layers to the render
    /// trees; a render thread's sync may fall between the two. That sync sees the new generation and nothing
    /// handed over; the next one sees the layers, and must push them although the generation has not moved
    /// since. (Replayed here step by step: it once left a render server drawing the old tree until the next
    /// commit — a whole animation missing from 18 frames while the committing thread slept.)
    @Test func layersHandedOverAfterTheirCopiesAreTakenStillArrive() throws {
        let root = CALayer(), child = CALayer()
        root.addSublayer(child)
        CATransaction.flush()
        let tree = RenderTree()
        tree.sync(with: root)
        CATransaction.begin(); CATransaction.setDisableActions(true)
        child.opacity = 0.25
        child.recordCommittedState()           // the commit takes its copy ...
        tree.sync(with: root)                  // ... a render thread syncs ...
        CommitLog.shared.record([child])       // ... and the commit hands its layer over.
        tree.sync(with: root)
        CATransaction.commit()
        #expect(tree.root?.children.first?.snapshot.opacity == 0.25, "the handed-over layer's new copy arrives")
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

/// What a commit hands the renderers is theirs alone: nothing the model goes on changing is shared with it.
@Suite struct CommittedStateOwnershipTests {
    @Test func anEmitterCellChangedAfterItsCommitIsNotDrawnUntilTheNextOne() throws {
        let emitter = CAEmitterLayer()
        let cell = CAEmitterCell()
        cell.name = "spark"
        cell.birthRate = 10
        emitter.emitterCells = [cell]
        CATransaction.flush()
        let tree = RenderTree()
        tree.sync(with: emitter)
        let snapshot = try #require(tree.root?.snapshot as? CAEmitterLayer)
        let committedCell = try #require(snapshot.emitterCells?.first)
        #expect(committedCell !== cell, "the render tree's cell is a copy (a render thread reads it while the model changes)")

        // Changed in place, uncommitted: the renderer still has the committed value (and no data race).
        cell.birthRate = 99
        #expect(committedCell.birthRate == 10)

        // Changed through the layer, committed: the renderer takes it up.
        emitter.setValue(42, forKeyPath: "emitterCells.spark.birthRate")
        CATransaction.flush()
        tree.sync(with: emitter)
        let recommitted = try #require((tree.root?.snapshot as? CAEmitterLayer)?.emitterCells?.first)
        #expect(recommitted.birthRate == 42)
        #expect(recommitted !== cell)
    }
}

extension CommittedStateOwnershipTests {
    @Test func pathsAndStringsEditedAfterTheirCommitAreNotDrawnUntilTheNextOne() throws {
        let root = CALayer()
        let shape = CAShapeLayer(), text = CATextLayer()
        let path = CGMutablePath(), shadow = CGMutablePath()
        path.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        shadow.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        shape.path = path
        shape.shadowPath = shadow
        let string = NSMutableAttributedString(string: "before")
        text.string = string
        root.addSublayer(shape); root.addSublayer(text)
        CATransaction.flush()
        let tree = RenderTree()
        tree.sync(with: root)

        path.addRect(CGRect(x: 20, y: 20, width: 10, height: 10))
        shadow.addRect(CGRect(x: 20, y: 20, width: 10, height: 10))
        string.append(NSAttributedString(string: " and after"))
        let shapeSnapshot = try #require(tree.root?.children.first?.snapshot as? CAShapeLayer)
        let textSnapshot = try #require(tree.root?.children.last?.snapshot as? CATextLayer)
        #expect(shapeSnapshot.path?.boundingBoxOfPath == CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(shapeSnapshot.shadowPath?.boundingBoxOfPath == CGRect(x: 0, y: 0, width: 10, height: 10))
        // (A mutable string is frozen into the text the snapshot draws; no NSAttributedString is made for it.)
        #expect(textSnapshot.frozenString?.string == "before")
        // The model still holds the caller's objects.
        #expect(shape.path === path)
        #expect(text.string as? NSMutableAttributedString === string)
    }
}

extension CommittedStateOwnershipTests {
    /// A render tree keeps no model layer: its snapshots hold no sublayers or mask (the nodes hold the
    /// children, by identity), so nothing a render thread reads leads back to the layers the model's thread edits.
    /// The tree's structure and its group decisions still follow the committed children.
    @Test func renderTreeSnapshotsHoldNoModelLayers() throws {
        let root = CALayer(); root.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        let group = CALayer(); group.frame = root.bounds; group.opacity = 0.5
        let child = CALayer(); child.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        let mask = CALayer(); mask.frame = group.bounds
        group.addSublayer(child); group.mask = mask; root.addSublayer(group)
        CATransaction.flush()
        let tree = RenderTree()
        tree.sync(with: root)
        let model: [CALayer] = [root, group, child, mask]
        func visit(_ node: RenderTree.Node) {
            #expect(node.snapshot.sublayerStorage.isEmpty && node.snapshot.maskStorage == nil)
            #expect(!model.contains { $0 === node.snapshot })
            node.children.forEach(visit)
            node.mask.map(visit)
        }
        let top = try #require(tree.root)
        visit(top)
        let groupNode = try #require(top.children.first)
        #expect(groupNode.children.map(\.id) == [ObjectIdentifier(child)] && groupNode.mask?.id == ObjectIdentifier(mask))
        let plan = LayerDrawingPlan(groupNode.snapshot, hasSublayers: !groupNode.children.isEmpty, hasMask: groupNode.mask != nil)
        #expect(plan.fadesAsGroup && plan.appliesMask)

        // Sublayers added and not yet committed do not reach the tree; committed, they do.
        group.addSublayer(CALayer())
        tree.sync(with: root)
        #expect(tree.root?.children.first?.children.count == 1)
        CATransaction.flush()
        tree.sync(with: root)
        #expect(tree.root?.children.first?.children.count == 2)
    }
}

extension CommittedStateOwnershipTests {
    /// A commit's copy is shared by the model and by every render tree holding the layer, each drawing on its own
    /// thread, so none may write to it. What one tree alone knows — here, that the layer's ancestors flip its
    /// geometry — lives in that tree's own copy.
    @Test func renderTreesDoNotWriteToTheCommitsCopy() throws {
        let root = CALayer(), child = CALayer()
        root.isGeometryFlipped = true
        root.addSublayer(child)
        CATransaction.flush()
        let before = try #require(tree(syncedWith: root).root?.children.first)
        #expect(before.snapshot.contentsAreFlipped(), "under a flipped superlayer")
        #expect(child.committedState?.ancestorsFlipGeometry == nil, "the commit's copy is not written")

        // Another tree, synced after the superlayer stopped flipping, leaves the first tree's view alone.
        CATransaction.begin(); CATransaction.setDisableActions(true)
        root.isGeometryFlipped = false
        CATransaction.commit()
        let after = try #require(tree(syncedWith: root).root?.children.first)
        #expect(!after.snapshot.contentsAreFlipped())
        #expect(before.snapshot.contentsAreFlipped(), "the first tree still draws what it last synced")
        #expect(after.snapshot === child.committedState, "unflipped, a tree draws the commit's copy itself")
    }

    private func tree(syncedWith root: CALayer) -> RenderTree {
        let tree = RenderTree()
        tree.sync(with: root)
        return tree
    }
}
