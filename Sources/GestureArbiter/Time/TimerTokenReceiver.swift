/// Where the timers that the engine schedules by token go when they fire.
///
/// The engine's timers name what they are for by a token (a number the environment hands out
/// and looks up), never by a reference to the object that waits: a timer that fires late (a
/// host's scheduler calling back after a cancel, twice, or after the environment is gone) can
/// then only pass a token that is no longer pending, which changes nothing. A ``VirtualClock``
/// keeps the token and an unowned link to the receiver in its queue entry (the owner cancels
/// its timers before it goes away); a host's scheduler gets a small closure that holds the
/// receiver and the token.
///
/// This class passes nothing on; its owner's subclass does (the environment's,
/// `GestureEnvironment.TokenReceiver`).
class TimerTokenReceiver {
    init() {}

    /// Passes `token` on, if the owner is still there.
    func receive(_ token: UInt64) {}
}
