import GestureArbiter

// What ``ScenarioRecorder`` needs to write pointer input (R260-R284): clicks as touches of type
// `indirectPointer` with their buttons and modifier keys, `hover` and `scroll` entries, and the
// pointer settings the format has fields for.

extension ScenarioRecorder {
    /// The format's names for `buttons` (R262): `primary` and `secondary`, or nil when it holds
    /// another button.
    static func buttonNames(_ buttons: Event.ButtonMask) -> [String]? {
        guard buttons.subtracting([.primary, .secondary]).isEmpty else { return nil }
        return [(Event.ButtonMask.primary, "primary"), (.secondary, "secondary")].filter { buttons.contains($0.0) }.map(\.1)
    }

    /// The format's names for `flags` (``KeyModifierFlags/named``, R262), or nil when they hold a
    /// bit that has no name.
    static func modifierNames(_ flags: KeyModifierFlags) -> [String]? {
        let named = KeyModifierFlags.named.filter { flags.contains($0.flag) }
        guard Scenario.modifierFlags(named.map(\.name)) == flags else { return nil }
        return named.map(\.name)
    }

    /// The pointer settings of `recognizer` (gesture `id`) that the format writes, into `spec`:
    /// a tap's `buttonMaskRequired` (R264, R281) and a pan's `allowedScrollTypes` (R273). What it
    /// has no field for is refused: an `allowedButtonMask` other than the recognizer's default
    /// (primary; a tap's follows its `buttonMaskRequired`, R280, R284).
    static func pointerSettings(of recognizer: GestureRecognizer, id: String, into spec: inout Scenario.GestureSpec) throws(ScenarioRecordingError) {
        let type = ObjectIdentifier(Swift.type(of: recognizer))
        var defaultMask = Event.ButtonMask.primary
        if type == ObjectIdentifier(TapGestureRecognizer.self), let tap = recognizer as? TapGestureRecognizer {
            guard let names = buttonNames(tap.buttonMaskRequired), !names.isEmpty else {
                throw .unsupportedSetting(gesture: id, setting: "buttonMaskRequired \(tap.buttonMaskRequired) (the format names primary and secondary only)")
            }
            spec.tuning.buttonMaskRequired = names
            defaultMask = tap.buttonMaskRequired
        }
        if type == ObjectIdentifier(PanGestureRecognizer.self), let pan = recognizer as? PanGestureRecognizer {
            spec.tuning.allowedScrollTypes = [(ScrollTypeMask.discrete, "discrete"), (.continuous, "continuous")]
                .filter { pan.allowedScrollTypesMask.contains($0.0) }.map(\.1)
        }
        // Hover recognizers take no touch; the format's recognizers follow the defaults (R280).
        guard recognizer is HoverGestureRecognizer || recognizer.allowedButtonMask == defaultMask else {
            throw .unsupportedSetting(
                gesture: id,
                setting: "allowedButtonMask \(recognizer.allowedButtonMask) (the format keeps the default, \(defaultMask); R280, R284)")
        }
    }

    /// The `hover` entry of `input`, in window coordinates (R267, R279).
    func hoverEntry(_ input: HoverInput) -> Scenario.InputAction {
        let frame = snapshotFrame
        return .hover(Scenario.HoverSpec(phase: input.phase, x: input.location.x - frame.minX, y: input.location.y - frame.minY))
    }

    /// The `scroll` entry of `input`, in window coordinates; its type is written with `began`
    /// only, as the format says (R272, R279).
    func scrollEntry(_ input: ScrollInput) -> Scenario.InputAction {
        let frame = snapshotFrame
        return .scroll(
            Scenario.ScrollSpec(
                phase: input.phase, x: input.location.x - frame.minX, y: input.location.y - frame.minY,
                type: input.phase == .began ? input.type : nil, delta: input.delta))
    }
}

/// A recording's trackpad transform (R291): the scale and rotation its `began` carried, since
/// the format writes a sequence's values relative to it (a file's `began` is scale 1, rotation 0).
struct RecordedTransform {
    private var start: (scale: Double, rotation: Double)?

    /// The `transform` entry of `input`, relative to its sequence's `began`, with `location`
    /// already in window coordinates.
    mutating func entry(_ input: TransformInput, x: Double, y: Double) -> Scenario.InputAction {
        var spec = Scenario.TransformSpec(phase: input.phase, x: x, y: y)
        switch input.phase {
        case .began:
            start = (input.scale, input.rotation)
        case .changed:
            let origin = start ?? (1, 0)
            spec.scale = input.scale / origin.scale
            spec.rotation = input.rotation - origin.rotation
        case .ended, .cancelled:
            start = nil
        }
        return .transform(spec)
    }
}

/// The clicks of a recording (R261, R262, R278): the buttons and modifier keys each click went
/// down with, which every event listing it must carry, as a replay's events do (its end may carry
/// no button and no key: they went up).
struct RecordedClicks {
    /// The live clicks by touch id.
    private var clicks: [Int: (buttons: Event.ButtonMask, modifiers: KeyModifierFlags)] = [:]

    /// The touch specs of `event`, or why the format cannot hold it.
    mutating func specs(of event: TouchEvent, origin frame: Rect) -> Result<[Scenario.TouchSpec], PointerProblem> {
        var specs: [Scenario.TouchSpec] = []
        var listsClick = false
        for touch in event.touches {
            var spec = Scenario.TouchSpec(id: touch.id, phase: touch.phase, x: touch.location.x - frame.minX, y: touch.location.y - frame.minY)
            switch touch.type {
            case .direct:
                if touch.phase == .began { clicks[touch.id] = nil }
            case .indirectPointer:
                listsClick = true
                if touch.phase == .began {
                    guard clicks.isEmpty else { return .failure(.twoClicks) }
                    guard let buttons = ScenarioRecorder.buttonNames(event.buttonMask), !buttons.isEmpty else {
                        return .failure(.buttons(event.buttonMask))
                    }
                    guard let modifiers = ScenarioRecorder.modifierNames(event.modifierFlags) else {
                        return .failure(.modifiers(event.modifierFlags))
                    }
                    clicks[touch.id] = (event.buttonMask, event.modifierFlags)
                    spec.type = .indirectPointer
                    // Primary is the format's default: written only when it is not the only one.
                    spec.buttons = buttons == ["primary"] ? [] : buttons
                    spec.modifiers = modifiers
                } else if let click = clicks[touch.id] {
                    // A move alone whose buttons and keys did not change is traced as a default
                    // event (primary, no key: the engine's single-move path), so that is taken as
                    // unchanged too.
                    let singleMove = event.touches.count == 1 && touch.phase == .moved
                    if singleMove, event.buttonMask == .primary, event.modifierFlags.isEmpty { specs.append(spec); continue }
                    // At its end the button went up and the keys may have been let go (R278).
                    let buttonUp = touch.phase.isTerminal && event.buttonMask.isEmpty
                    let keysUp = touch.phase.isTerminal && event.modifierFlags.isEmpty
                    guard event.buttonMask == click.buttons || buttonUp else { return .failure(.changed) }
                    guard event.modifierFlags == click.modifiers || keysUp else { return .failure(.changed) }
                    if touch.phase.isTerminal { clicks[touch.id] = nil }
                } else if touch.phase.isTerminal {
                    clicks[touch.id] = nil
                }
            default:
                return .failure(.touchType)
            }
            specs.append(spec)
        }
        // An event without a click carries no button and no modifier in a replay.
        if !listsClick, !event.buttonMask.isEmpty || !event.modifierFlags.isEmpty { return .failure(.fingerWithButtons) }
        return .success(specs)
    }

    /// Whether a click is down (hover is paused then; the format allows no hover entry, R271).
    var isClicking: Bool { !clicks.isEmpty }
}

/// Why a touch event cannot be written.
enum PointerProblem: Error {
    case touchType, twoClicks, buttons(Event.ButtonMask), modifiers(KeyModifierFlags), changed, fingerWithButtons

    /// The text of ``ScenarioRecordingError/unsupportedInput(reason:at:)``.
    var reason: String {
        switch self {
        case .touchType: return "a touch that is neither direct nor indirectPointer (the format has fingers and clicks only)"
        case .twoClicks: return "a second click went down while one was down (the format has one pointer touch at a time, R261)"
        case let .buttons(mask):
            return "a click went down with buttons \(mask) (the format names the primary and secondary buttons only)"
        case let .modifiers(flags):
            return "a click went down with modifier flags \(flags), which hold a bit other than the six named ones"
        case .changed:
            return "a click's buttons or modifier keys changed while it was down (the format gives them at its began only)"
        case .fingerWithButtons:
            return "an event with no click carried buttons or modifier keys (the format gives them to clicks only)"
        }
    }
}
