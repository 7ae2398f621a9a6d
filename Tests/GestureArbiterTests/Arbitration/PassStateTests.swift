@testable import GestureArbiter
import Testing

/// The pass's note of which recognizers reported a change (R36). A direct move's step 4 reads it
/// to visit the moved recognizer alone when no other reported one (GestureEnvironment+DirectMove);
/// `DirectMoveTests` checks the outcome through the engine, this suite the note itself.
@Suite struct PassStateTests {
    /// Stands for a recognizer: the note keeps only identities.
    final class Reporter {}

    @Test("R36: the note tells whether no recognizer but a given one reported a change in this pass")
    func noteOfChangeReporters() {
        let a = Reporter()
        let b = Reporter()
        withExtendedLifetime((a, b)) {
            let (idA, idB) = (ObjectIdentifier(a), ObjectIdentifier(b))
            var pass = PassState()
            pass.begin(.input)
            // Nobody reported: true for anyone.
            #expect(pass.noChangeReported(byOtherThan: idA))
            #expect(pass.noChangeReported(byOtherThan: idB))
            // A reported, twice: only A.
            pass.noteChange(by: idA)
            pass.noteChange(by: idA)
            #expect(pass.noChangeReported(byOtherThan: idA))
            #expect(!pass.noChangeReported(byOtherThan: idB))
            // B too: several, for either of them.
            pass.noteChange(by: idB)
            #expect(!pass.noChangeReported(byOtherThan: idA))
            #expect(!pass.noChangeReported(byOtherThan: idB))
            // A's report after B's does not make it A's alone again.
            pass.noteChange(by: idA)
            #expect(!pass.noChangeReported(byOtherThan: idA))
            pass.startActing()
            pass.end()
            // The next pass, of any kind, starts with no report.
            pass.begin(.timer)
            #expect(pass.noChangeReported(byOtherThan: idB))
            pass.noteChange(by: idB)
            #expect(pass.noChangeReported(byOtherThan: idB))
            #expect(!pass.noChangeReported(byOtherThan: idA))
            pass.startActing()
            pass.end()
        }
    }
}
