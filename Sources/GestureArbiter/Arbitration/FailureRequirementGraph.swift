/// The static failure-requirement edges among a set of recognizers, for finding cycles (R121).
struct FailureRequirementGraph {
    let recognizers: [GestureRecognizer]

    /// The elementary cycles through the static edges, each once, each starting at its member
    /// that comes first in `recognizers`, in the order of those first members.
    func cycles() -> [[GestureRecognizer]] {
        var result: [[GestureRecognizer]] = []
        for (startIndex, start) in recognizers.enumerated() {
            // Depth-first search for paths from `start` back to `start` through later members only,
            // so each cycle is found once, from its earliest member.
            var path: [GestureRecognizer] = [start]
            func visit(_ node: GestureRecognizer) {
                for next in node.requiredToFail {
                    if next === start {
                        result.append(path)
                        continue
                    }
                    guard let index = recognizers.firstIndex(where: { $0 === next }), index > startIndex,
                        !path.contains(where: { $0 === next })
                    else { continue }
                    path.append(next)
                    visit(next)
                    path.removeLast()
                }
            }
            visit(start)
        }
        return result
    }
}
