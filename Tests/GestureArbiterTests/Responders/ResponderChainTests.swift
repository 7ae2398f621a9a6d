@testable import GestureArbiter
import Testing

/// A controller that logs the touches reaching it.
final class RecordingController: ViewController {
    let log: Log
    init(view: View, log: Log) {
        self.log = log
        super.init(view: view)
    }
    override func touchesBegan(_ touches: TouchSet, with event: Event?) { log.lines.append("controller began") }
    override func touchesEnded(_ touches: TouchSet, with event: Event?) { log.lines.append("controller ended") }
}

/// A responder that logs the non-touch events it handles.
final class EditorView: View {
    var log: [String] = []
    var acceptsFirstResponder = true
    override var canBecomeFirstResponder: Bool { acceptsFirstResponder }
    override func motionBegan(_ motion: MotionKind) { log.append("motion \(motion)") }
    override func canPerformAction(_ action: ResponderAction, withSender sender: AnyObject?) -> Bool { action == "copy" }
    override func perform(_ action: ResponderAction, withSender sender: AnyObject?) { log.append("perform \(action)") }
}

/// An application delegate at the very end of the chain.
final class AppDelegateResponder: Responder {
    var log: [String] = []
    override func remoteControlReceived(_ event: RemoteControlKind) { log.append("remote \(event)") }
    override func canPerformAction(_ action: ResponderAction, withSender sender: AnyObject?) -> Bool { action == "paste" }
    override func perform(_ action: ResponderAction, withSender sender: AnyObject?) { log.append("perform \(action)") }
}

/// An application delegate that records the touch calls that reach it, with their ids.
final class TouchCountingResponder: Responder {
    var calls: [String] = []
    override func touchesBegan(_ touches: TouchSet, with event: Event?) { calls.append("began " + touches.map { "\($0.id)" }.joined(separator: " ")) }
    override func touchesEnded(_ touches: TouchSet, with event: Event?) { calls.append("ended " + touches.map { "\($0.id)" }.joined(separator: " ")) }
}

@Suite struct ResponderChainTests {
    @Test("R9: view -> controller -> superview -> window -> application -> app delegate")
    func chain() {
        let world = TestWorld()
        let root = world.addView("root", Rect(x: 0, y: 0, width: 400, height: 800))
        let hosted = world.addView("hosted", Rect(x: 0, y: 0, width: 300, height: 300), to: root)
        let leaf = world.addView("leaf", Rect(x: 0, y: 0, width: 100, height: 100), to: hosted)
        let controller = RecordingController(view: hosted, log: world.log)
        let delegate = AppDelegateResponder()
        world.environment.application.delegate = delegate
        var chain: [Responder] = []
        var responder: Responder? = leaf
        while let current = responder {
            chain.append(current)
            responder = current.next
        }
        let expected: [Responder] = [leaf, hosted, controller, root, world.window, world.environment.application, delegate]
        #expect(chain.count == expected.count)
        #expect(zip(chain, expected).allSatisfy { $0 === $1 })
    }

    @Test("R10, R75: unhandled touches travel up to the first responder that handles them, whole")
    func forwarding() throws {
        let world = TestWorld()
        let parent = world.addView("P", Rect(x: 0, y: 0, width: 300, height: 300))
        world.addView("C", Rect(x: 50, y: 50, width: 100, height: 100), to: parent, forwards: true)
        try world.tap(1, at: 0, 100, 100)
        #expect(world.log.lines == ["0.000 touch 1 hit C", "0.000 view P began 1", "0.080 view P ended 1"])
    }

    @Test("R9, R10: a controller gets the touches its root view forwards")
    func controllerForwarding() throws {
        let world = TestWorld()
        let hosted = world.addView("H", Rect(x: 0, y: 0, width: 300, height: 300), forwards: true)
        world.addView("C", Rect(x: 50, y: 50, width: 100, height: 100), to: hosted, forwards: true)
        let controller = RecordingController(view: hosted, log: world.log)
        try world.tap(1, at: 0, 100, 100)
        #expect(world.log.lines == ["0.000 touch 1 hit C", "controller began", "controller ended"])
        _ = controller
    }

    @Test("R11: first responder: default refuses; become, resign and isFirstResponder")
    func firstResponder() {
        let world = TestWorld()
        let plain = world.addView("plain", Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(!plain.becomeFirstResponder())
        let editor = EditorView(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(!editor.becomeFirstResponder(), "not in a window")
        world.window.addSubview(editor)
        #expect(editor.becomeFirstResponder())
        #expect(editor.isFirstResponder)
        #expect(world.window.firstResponder === editor)
        #expect(editor.resignFirstResponder())
        #expect(!editor.isFirstResponder)
        #expect(world.window.firstResponder == nil)
    }

    @Test("R11: motion, remote-control and targetless actions start at the first responder and travel the chain")
    func nonTouchEvents() {
        let world = TestWorld()
        let editor = EditorView(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        world.window.addSubview(editor)
        let delegate = AppDelegateResponder()
        world.environment.application.delegate = delegate
        #expect(editor.becomeFirstResponder())
        world.window.sendMotionBegan(.shake)
        world.window.sendRemoteControl(.play)
        #expect(world.window.sendAction("copy", to: nil, from: nil))
        #expect(world.window.sendAction("paste", to: nil, from: nil))
        #expect(!world.window.sendAction("undo", to: nil, from: nil))
        #expect(!world.window.sendAction("paste", to: editor, from: nil), "an explicit target that cannot perform it")
        #expect(editor.log == ["motion shake", "perform copy"])
        #expect(delegate.log == ["remote play", "perform paste"])
    }

    @Test("R9: the application's next responder is its delegate, held weakly: none before one is set, none after it is freed or cleared")
    func applicationDelegateIsWeak() {
        let application = Application()
        #expect(application.next == nil)
        var delegate: AppDelegateResponder? = AppDelegateResponder()
        application.delegate = delegate
        #expect(application.next === delegate)
        #expect(application.delegate === delegate)
        delegate = nil
        #expect(application.next == nil, "the application does not keep its delegate alive")
        let other = AppDelegateResponder()
        application.delegate = other
        #expect(application.next === other)
        application.delegate = nil
        #expect(application.next == nil)
    }

    @Test("R9, R10: touches no view handles travel past the window and the application to the delegate")
    func touchesReachTheApplicationDelegate() throws {
        let world = TestWorld()
        world.addView("V", Rect(x: 0, y: 0, width: 100, height: 100), forwards: true)
        let delegate = TouchCountingResponder()
        world.environment.application.delegate = delegate
        try world.tap(1, at: 0, 50, 50)
        #expect(delegate.calls == ["began 1", "ended 1"])
    }

    @Test("R11: touches go to the hit-test view whatever the first responder")
    func touchesIgnoreFirstResponder() throws {
        let world = TestWorld()
        let editor = EditorView(frame: Rect(x: 200, y: 200, width: 10, height: 10))
        world.window.addSubview(editor)
        #expect(editor.becomeFirstResponder())
        world.addView("V", Rect(x: 0, y: 0, width: 100, height: 100))
        try world.tap(1, at: 0, 50, 50)
        #expect(world.log.lines == ["0.000 touch 1 hit V", "0.000 view V began 1", "0.080 view V ended 1"])
    }
}
