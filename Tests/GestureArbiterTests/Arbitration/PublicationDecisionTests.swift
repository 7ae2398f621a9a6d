@testable import GestureArbiter
import Testing

/// Arbitration's decisions called directly with small facts: no view, window, environment or pass.
@Suite struct PublicationDecisionTests {
    typealias State = GestureRecognizer.State

    // MARK: - Step 4: what a recognizer publishes

    @Test("R54: a held recognizer publishes nothing, whatever its state", arguments: [State.began, .changed, .ended])
    func heldPublishesNothing(state: State) {
        let facts = RecognizerFacts(state: state, isHeld: true, reachedBeganUnpublished: true, hasPendingChange: true)
        #expect(Publication.decide(facts) == .none)
    }

    @Test("R34: possible and failed send no action, published or not", arguments: [State.possible, .failed], [false, true])
    func noActionForPossibleOrFailed(state: State, published: Bool) {
        #expect(Publication.decide(RecognizerFacts(state: state, hasPublished: published)) == .none)
    }

    @Test(
        "R34, R67: an unpublished continuous gesture that began publishes began and takes its touches",
        arguments: [State.began, .changed]
    )
    func firstBegan(state: State) {
        let publication = Publication.decide(RecognizerFacts(state: state, reachedBeganUnpublished: true))
        #expect(publication == .began)
        #expect(publication.takesTouchesFromViews)
    }

    @Test("R34, R56: an unpublished recognizer that ended sends recognized, after began only if it went through began")
    func recognized() {
        let discrete = Publication.decide(RecognizerFacts(state: .ended))
        #expect(discrete == .recognized(afterBegan: false))
        let lateContinuous = Publication.decide(RecognizerFacts(state: .ended, reachedBeganUnpublished: true))
        #expect(lateContinuous == .recognized(afterBegan: true))
        #expect(discrete.takesTouchesFromViews && lateContinuous.takesTouchesFromViews)  // R67
    }

    @Test("R32, R55: an unpublished recognizer in cancelled publishes nothing")
    func unpublishedCancelled() {
        #expect(Publication.decide(RecognizerFacts(state: .cancelled)) == .none)
    }

    @Test("R36: a published running gesture sends changed only when it changed since its last action", arguments: [State.began, .changed])
    func changed(state: State) {
        #expect(Publication.decide(RecognizerFacts(state: state, hasPublished: true, hasPendingChange: true)) == .changed)
        let quiet = Publication.decide(RecognizerFacts(state: state, hasPublished: true))
        #expect(quiet == .running)
        // R67, R127: touches that join a running gesture are still taken from their views.
        #expect(quiet.takesTouchesFromViews)
    }

    @Test("R37: ended or cancelled is sent once after publishing, and takes no touches", arguments: [State.ended, .cancelled])
    func terminalOnce(state: State) {
        let first = Publication.decide(RecognizerFacts(state: state, hasPublished: true))
        #expect(first == .finished(state))
        #expect(!first.takesTouchesFromViews)
        #expect(Publication.decide(RecognizerFacts(state: state, hasPublished: true, hasSentTerminal: true)) == .none)
    }

    // MARK: - Step 3: failure requirements

    private static func neverAsked() -> Bool {
        Issue.record("whether a requirement is active was asked when it cannot matter")
        return false
    }

    @Test("R55: a recognizer whose requirement recognizes fails, also while possible or held", arguments: [State.possible, .began, .ended])
    func requirementSucceeded(state: State) {
        let requirement = GestureRecognizer()
        let verdict = RequirementVerdict.decide(
            RecognizerFacts(state: state, isHeld: state != .possible),
            recognizingRequirement: requirement,
            hasActiveRequirement: Self.neverAsked
        )
        #expect(verdict == .failed(requiredRecognizerSucceeded: requirement))
    }

    @Test("R57: a possible recognizer with a requirement keeps processing touches")
    func possibleUnchanged() {
        let facts = RecognizerFacts(state: .possible)
        let verdict = RequirementVerdict.decide(facts, recognizingRequirement: nil, hasActiveRequirement: Self.neverAsked)
        #expect(verdict == .unchanged)
    }

    @Test("R54: one that began or recognized while a requirement is active waits", arguments: [State.began, .changed, .ended])
    func waits(state: State) {
        let verdict = RequirementVerdict.decide(RecognizerFacts(state: state, isHeld: true), recognizingRequirement: nil) { true }
        #expect(verdict == .waits)
    }

    @Test("R56: a held recognizer none of whose requirements is active is released", arguments: [State.began, .ended])
    func released(state: State) {
        let verdict = RequirementVerdict.decide(RecognizerFacts(state: state, isHeld: true), recognizingRequirement: nil) { false }
        #expect(verdict == .commits(released: true))
    }

    @Test("R59: one that was never held commits to publishing in this pass without a release")
    func commitsUnheld() {
        let verdict = RequirementVerdict.decide(RecognizerFacts(state: .ended), recognizingRequirement: nil) { false }
        #expect(verdict == .commits(released: false))
    }

    @Test("R46, R37: published or finished unsuccessfully, nothing is left to settle")
    func nothingToSettle() {
        let requirement = GestureRecognizer()
        let settled = [
            RecognizerFacts(state: .began, hasPublished: true), RecognizerFacts(state: .failed), RecognizerFacts(state: .cancelled),
        ]
        for facts in settled {
            let verdict = RequirementVerdict.decide(facts, recognizingRequirement: requirement, hasActiveRequirement: Self.neverAsked)
            #expect(verdict == .unchanged)
        }
    }

    @Test("R54: only an unpublished, unheld recognizer that began or recognized can become held")
    func mayBecomeHeld() {
        #expect(RecognizerFacts(state: .began).mayBecomeHeld)
        #expect(RecognizerFacts(state: .changed).mayBecomeHeld)
        #expect(RecognizerFacts(state: .ended).mayBecomeHeld)
        #expect(!RecognizerFacts(state: .possible).mayBecomeHeld)
        #expect(!RecognizerFacts(state: .failed).mayBecomeHeld)
        #expect(!RecognizerFacts(state: .began, isHeld: true).mayBecomeHeld)
        #expect(!RecognizerFacts(state: .began, hasPublished: true).mayBecomeHeld)
    }

    // MARK: - Exclusion

    @Test("R44: began or changed excludes; ended only in the pass it recognizes; held never (R54)")
    func canExclude() {
        #expect(RecognizerFacts(state: .began).canExclude)
        #expect(RecognizerFacts(state: .changed, hasPublished: true).canExclude)
        #expect(RecognizerFacts(state: .ended).canExclude)
        #expect(!RecognizerFacts(state: .ended, hasPublished: true, hasSentTerminal: true).canExclude)
        #expect(!RecognizerFacts(state: .began, isHeld: true).canExclude)
        #expect(!RecognizerFacts(state: .possible).canExclude)
        #expect(!RecognizerFacts(state: .failed).canExclude)
        #expect(!RecognizerFacts(state: .cancelled, hasPublished: true).canExclude)
    }

    @Test("R44, R46: only an unpublished recognizer that can still recognize is excluded")
    func isExcludable() {
        #expect(RecognizerFacts(state: .possible).isExcludable)
        #expect(RecognizerFacts(state: .began).isExcludable)
        #expect(RecognizerFacts(state: .ended, isHeld: true).isExcludable)
        #expect(!RecognizerFacts(state: .began, hasPublished: true).isExcludable)
        #expect(!RecognizerFacts(state: .failed).isExcludable)
        #expect(!RecognizerFacts(state: .cancelled).isExcludable)
    }

    // MARK: - Resets

    @Test("R37: a recognizer that finished after step 4 passed it owes its action and does not reset yet")
    func owesAction() {
        #expect(RecognizerFacts(state: .ended).owesAction)
        #expect(RecognizerFacts(state: .cancelled, hasPublished: true).owesAction)
        #expect(!RecognizerFacts(state: .ended, hasSentTerminal: true).owesAction)
        #expect(!RecognizerFacts(state: .ended, isHeld: true).owesAction)
        #expect(!RecognizerFacts(state: .failed).owesAction)
        #expect(!RecognizerFacts(state: .cancelled).owesAction)
    }
}
