/// A box for an object's mutable state whose accesses the runtime does not check for overlap.
///
/// Swift checks every access to a class's stored property at run time (its exclusivity rule: no
/// modification may overlap another access to the same property). On the dispatch path those
/// checks cost about five times the engine's own work: a tap event of the standard scene takes
/// 33 972 instructions with them and about 6 100 without (docs/performance.md, "Sound by
/// construction"). The engine's hot classes therefore keep the state that the dispatch path
/// touches at every event in one of these cells, held in a `let` and reached through forwarding
/// properties, and this file is the only one in the module that switches the check off
/// (Scripts/check-unsafe.sh enforces it).
///
/// Switching the check off is safe only if no access ever overlaps another: the engine decides
/// first and acts after, and never changes a list while it lends an element of it.
/// Scripts/check-exclusivity.sh proves it: it removes the attribute below in a scratch copy and
/// runs the whole suite, every scenario file and the fuzz regressions in a debug build, where an
/// overlap traps. (All of an object's fields are one stored property here, so that proof is
/// stricter than it was for separate properties: two accesses to different fields of one object
/// must not overlap either.)
///
/// The interface is safe: the cell owns its value, which lives as long as the cell, and nothing
/// here lends memory beyond an access.
final class UncheckedExclusivityCell<Value: ~Copyable> {
    /// The state. Accessed without the runtime's exclusivity check (see the type's comment).
    @exclusivity(unchecked) var value: Value

    /// A cell holding `value`.
    @inline(__always)
    init(_ value: consuming Value) {
        self.value = value
    }
}

/// Reflection (`dump`, `String(reflecting:)`, a test framework showing an operand) reaches a cell
/// through the object that holds it, and the runtime cannot copy a noncopyable value to show it:
/// it would trap. A cell therefore shows no children; the objects' public properties say what
/// their state is.
extension UncheckedExclusivityCell: CustomReflectable where Value: ~Copyable {
    var customMirror: Mirror { Mirror(self, children: [:]) }
}
