/// Why a scenario file is invalid or could not run.
///
/// The message names the entry, for example
/// `gestures[1] (id "D"): unknown field "tapz"`.
public struct ScenarioError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Where the problem is: `gestures[1] (id "D")`, `input[3]`, or `file`.
    public var location: String
    /// What is wrong.
    public var message: String

    /// Creates an error at `location`.
    public init(_ location: String, _ message: String) {
        self.location = location
        self.message = message
    }

    /// `location: message`.
    public var description: String { "\(location): \(message)" }
}
