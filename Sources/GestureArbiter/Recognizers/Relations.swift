/// A relation declared between recognizers instead of written as a delegate: what React Native
/// Gesture Handler calls `Simultaneous`, `Exclusive` and `Race`, lowered to UIKit's own relations
/// (R44-R59) as answers to the questions the engine already asks, at the same points, so that a
/// relation written either way gives the same log.
///
/// - ``Kind/simultaneous``: any two members may recognize together. Lowered to a yes to
///   `gestureRecognizer(_:shouldRecognizeSimultaneouslyWith:)` (R45): asked where exclusion is
///   decided (R44), and one yes is enough.
/// - ``Kind/exclusive``: the members in priority order; each waits for every earlier member to
///   fail before it publishes, and fails when one of them begins or recognizes. Lowered to a yes
///   to `gestureRecognizer(_:shouldRequireFailureOf:)` of the later member about each earlier one
///   (R53): a dynamic failure requirement for the attempt (R51, R54-R56).
/// - ``Kind/race``: the first member to begin or recognize wins and the others on related views
///   fail (R44, R46). That is UIKit's default, so a race is lowered to a no to the simultaneity
///   question, which a yes from elsewhere still overrules (R45; the lint reports that).
///
/// A relation keeps none of its recognizers alive: a member that is freed leaves it.
/// Relations never cross windows (R49, R123).
///
/// Rule: R44, R45, R49, R51, R53-R56.
public struct GestureRelation {
    /// The kind of a declared relation.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// Members may recognize together (R45).
        case simultaneous
        /// Members in priority order: each requires the earlier ones to fail (R53).
        case exclusive
        /// Members exclude each other, the first to recognize winning (R44): UIKit's default.
        case race
    }

    /// The kind.
    public var kind: Kind { box.kind }
    /// The members still alive, in the order they were declared (for ``Kind/exclusive``, the
    /// priority order).
    public var recognizers: [GestureRecognizer] { box.members.compactMap(\.object) }

    let box: RelationBox

    init(_ box: RelationBox) {
        self.box = box
    }
}

/// One declared relation, shared by its members; it holds them weakly.
final class RelationBox {
    struct WeakMember {
        weak var object: GestureRecognizer?
    }

    let kind: GestureRelation.Kind
    let members: [WeakMember]

    init(kind: GestureRelation.Kind, members: [GestureRecognizer]) {
        self.kind = kind
        self.members = members.map { WeakMember(object: $0) }
    }

    /// The position of `recognizer` among the members, or nil.
    func position(of recognizer: GestureRecognizer) -> Int? {
        members.firstIndex { $0.object === recognizer }
    }
}

extension GestureRecognizer {
    /// The kind of the first relation of this recognizer that lets it recognize together with
    /// `other`, or nil (R45).
    func simultaneityRelation(with other: GestureRecognizer) -> GestureRelation.Kind? {
        guard let boxes = relationBoxes else { return nil }
        for box in boxes where box.kind == .simultaneous && box.position(of: other) != nil { return .simultaneous }
        return nil
    }

    /// Whether this recognizer and `other` are members of one race (R44).
    func racesWith(_ other: GestureRecognizer) -> Bool {
        guard let boxes = relationBoxes else { return false }
        return boxes.contains { $0.kind == .race && $0.position(of: other) != nil }
    }

    /// Whether an exclusive relation puts `other` before this recognizer, so that this one
    /// requires `other` to fail (R53).
    func exclusiveRelationRequiresFailure(of other: GestureRecognizer) -> Bool {
        guard let boxes = relationBoxes else { return false }
        for box in boxes where box.kind == .exclusive {
            if let mine = box.position(of: self), let theirs = box.position(of: other), theirs < mine { return true }
        }
        return false
    }

    /// Whether the engine must ask this recognizer the requirement and simultaneity questions:
    /// it has a delegate or a declared relation.
    var asksRelationQuestions: Bool { hasDelegate || relationBoxes != nil }
}
