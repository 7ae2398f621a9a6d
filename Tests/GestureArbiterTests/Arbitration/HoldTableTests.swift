@testable import GestureArbiter
import Testing

/// The hold table on its own: touches and recognizers made directly, no view, window or pass.
@Suite struct HoldTableTests {
    private static func touch(_ id: Int, at seconds: Double) -> Touch {
        Touch(id: id, phase: .began, timestamp: Timestamp(seconds: seconds), location: .zero)
    }

    private static func ids(_ touches: [Touch]) -> [Int] { touches.map(\.id) }

    @Test("R61, R64: a began withheld by two recognizers is withheld until both let go")
    func countedAcrossRecognizers() {
        var table = HoldTable()
        let touch = Self.touch(1, at: 0)
        let first = GestureRecognizer()
        let second = GestureRecognizer()
        table.hold(.began, of: touch, by: first)
        table.hold(.began, of: touch, by: second)
        #expect(table.holdCount(of: touch, .began) == 2)
        table.release(by: first)
        #expect(table.isWithheld(touch, .began))
        #expect(!table.isWithheld(touch, .began, by: first))
        #expect(table.isWithheld(touch, .began, by: second))
        table.release(by: second)
        #expect(!table.isWithheld(touch, .began))
        #expect(!table.isHeld(touch))
    }

    @Test("R62: holding the same end twice is one hold")
    func holdIsIdempotent() {
        var table = HoldTable()
        let touch = Self.touch(1, at: 0)
        let recognizer = GestureRecognizer()
        table.hold(.ended, of: touch, by: recognizer)
        table.hold(.ended, of: touch, by: recognizer)
        #expect(table.holdCount(of: touch, .ended) == 1)
        #expect(table.entries.count == 1)
    }

    @Test("R63: a recognizer withholding any phase counts as holding; one that let go does not")
    func holdingRecognizer() {
        var table = HoldTable()
        let touch = Self.touch(1, at: 0)
        let holder = GestureRecognizer()
        let other = GestureRecognizer()
        #expect(!table.isHolding(holder))
        table.hold(.ended, of: touch, by: holder)
        #expect(table.isHolding(holder))
        #expect(!table.isHolding(other))
        table.release(by: holder)
        #expect(!table.isHolding(holder))
    }

    @Test("R65: letting go makes each touch a release candidate once, whatever the number of its phases")
    func releaseMarksCandidatesOnce() {
        var table = HoldTable()
        let touch = Self.touch(1, at: 0)
        let recognizer = GestureRecognizer()
        table.hold(.began, of: touch, by: recognizer)
        table.hold(.ended, of: touch, by: recognizer)
        #expect(!table.hasReleaseCandidates)
        table.release(by: recognizer)
        #expect(table.hasReleaseCandidates)
        var candidates = table.takeReleaseCandidates()
        #expect(Self.ids(candidates) == [1])
        #expect(!table.hasReleaseCandidates)
        table.recycle(&candidates)
        #expect(candidates.isEmpty)
    }

    @Test("R26, R115: ignoring a touch lets go of that touch only, and only for that recognizer")
    func ignoreReleasesOneTouch() {
        var table = HoldTable()
        let ignored = Self.touch(1, at: 0)
        let kept = Self.touch(2, at: 0)
        let recognizer = GestureRecognizer()
        let other = GestureRecognizer()
        table.hold(.began, of: ignored, by: recognizer)
        table.hold(.began, of: kept, by: recognizer)
        table.hold(.began, of: ignored, by: other)
        table.release(ignored, from: recognizer)
        #expect(table.isWithheld(ignored, .began, by: other))
        #expect(!table.isWithheld(ignored, .began, by: recognizer))
        #expect(table.isWithheld(kept, .began, by: recognizer))
        var candidates = table.takeReleaseCandidates()
        #expect(Self.ids(candidates) == [1])
        table.recycle(&candidates)
    }

    @Test("R67: dropping a cancelled touch's holds removes every recognizer's and releases nothing")
    func dropHoldsReleasesNothing() {
        var table = HoldTable()
        let touch = Self.touch(1, at: 0)
        let first = GestureRecognizer()
        let second = GestureRecognizer()
        table.hold(.ended, of: touch, by: first)
        table.hold(.ended, of: touch, by: second)
        table.dropHolds(on: touch)
        #expect(!table.isHeld(touch))
        #expect(!table.isHolding(first))
        #expect(!table.hasReleaseCandidates)
    }

    @Test("R72, R120: a discarded touch whose began was withheld loses its holds and never reaches its view")
    func discardBeforeBegan() {
        var table = HoldTable()
        let touch = Self.touch(1, at: 0)
        let recognizer = GestureRecognizer()
        table.hold(.began, of: touch, by: recognizer)
        table.discard(touch)
        #expect(touch.delivery.view == .discarded)
        #expect(touch.view == nil)
        #expect(!table.isHeld(touch))
        #expect(!table.hasReleaseCandidates)
    }

    @Test("R66, R131: released touches come out by the withheld phase's time, then by id")
    func releaseOrder() {
        var table = HoldTable()
        let recognizer = GestureRecognizer()
        // Touch 3's began (0.1 s) is withheld; touch 1's began reached its view, and its end
        // (0.3 s) is withheld; touches 2 and 4 began together at 0.2 s.
        let late = Self.touch(1, at: 0.05)
        late.delivery.releaseBegan()
        late.currentTimestamp = Timestamp(seconds: 0.3)
        let early = Self.touch(3, at: 0.1)
        let tiedLow = Self.touch(2, at: 0.2)
        let tiedHigh = Self.touch(4, at: 0.2)
        table.hold(.ended, of: late, by: recognizer)
        table.hold(.began, of: tiedHigh, by: recognizer)
        table.hold(.began, of: early, by: recognizer)
        table.hold(.began, of: tiedLow, by: recognizer)
        table.release(by: recognizer)
        var candidates = table.takeReleaseCandidates()
        #expect(Self.ids(candidates) == [3, 2, 4, 1])
        table.recycle(&candidates)
    }

    @Test("R66: a touch that moved while its began was withheld owes one catch-up move, sent once")
    func catchUpMove() {
        var delivery = TouchDelivery()
        delivery.inputArrived(.began)
        delivery.passDidEnd()
        delivery.inputArrived(.moved)
        #expect(delivery.owesCatchUpMove)
        delivery.releaseBegan()
        delivery.sendCatchUpMove()
        #expect(!delivery.owesCatchUpMove)
        // The catch-up is this pass's delivery for a touch with input in this pass (R66's last
        // sentence), so step 6 does not deliver the move again.
        #expect(delivery.deliveredInPass)
        delivery.passDidEnd()
        #expect(!delivery.deliveredInPass)
        // A move after the view has the began owes nothing.
        delivery.inputArrived(.moved)
        #expect(!delivery.owesCatchUpMove)
    }

    @Test("R66: a catch-up sent in a pass without input for the touch is not that pass's delivery")
    func catchUpInTimerPass() {
        var delivery = TouchDelivery()
        delivery.inputArrived(.began)
        delivery.passDidEnd()
        delivery.releaseBegan()
        delivery.sendCatchUpEnd()
        #expect(delivery.view == .finished)
        #expect(!delivery.deliveredInPass)
    }

    @Test("R15, R66: step 6 marks the view's progress and that the pass delivered")
    func ownPhases() {
        var delivery = TouchDelivery()
        delivery.inputArrived(.began)
        delivery.deliverOwnPhase(.began)
        #expect(delivery.view == .delivered)
        #expect(delivery.deliveredInPass)
        delivery.passDidEnd()
        delivery.inputArrived(.ended)
        delivery.deliverOwnPhase(.ended)
        #expect(delivery.view == .finished)
    }

    @Test("R66: a pass's own phases are marked delivered until the next pass begins")
    func passFlag() {
        var table = HoldTable()
        table.passDidBegin()
        #expect(!table.ownPhasesDelivered)
        table.ownPhasesDidDeliver()
        #expect(table.ownPhasesDelivered)
        table.passDidBegin()
        #expect(!table.ownPhasesDelivered)
    }

    @Test("R67: a recognizer's touches count as cancelled in their views until a new touch binds or it resets")
    func recognizerDelivery() {
        var state = ArbitrationState()
        #expect(!state.touchesCancelledInViews)
        state.didCancelTouchesInViews()
        #expect(state.touchesCancelledInViews)
        state.touchWasBound()
        #expect(!state.touchesCancelledInViews)
        state.didCancelTouchesInViews()
        // A reset assigns a fresh state (R39).
        state = ArbitrationState()
        #expect(!state.touchesCancelledInViews)
    }
}
