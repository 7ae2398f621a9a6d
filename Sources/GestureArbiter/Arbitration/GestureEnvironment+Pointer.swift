extension GestureEnvironment {
    // MARK: - Hover and scroll input (R267-R276, R279, R282, R283)

    /// Processes a hover input: fires the timers due by its time, then runs one pass of its own
    /// (R279): the pointer is hit-tested, the hover recognizers of the view under it and of that
    /// view's ancestors that were not following it begin, those still under it change, and those
    /// no longer under it (or all, when the pointer leaves) end (R268). Views get no callback.
    /// While a click is down, a move changes no recognizer (R282).
    ///
    /// From inside a callback the input is queued, as ``dispatch(_:)-(TouchEvent)`` queues events
    /// (R119).
    ///
    /// - Throws: ``DispatchError/timeWentBackwards(now:requested:)``; ``DispatchError/Kind/pointerSequence``
    ///   for a non-finite location, an `entered` while the pointer is in, or a `moved` or `exited`
    ///   while it is out. A rejected input changes nothing.
    public func dispatch(_ input: HoverInput) throws(DispatchError) {
        guard input.location.isFinite else { throw .pointerSequence("the hover location is not finite") }
        guard input.timestamp >= clockNow else { throw .timeWentBackwards(now: clockNow, requested: input.timestamp) }
        if pass.isInPass {
            deferredInputs.append(.hover(input))
            return
        }
        try run(.hover(input))
        if !deferredChanges.isEmpty || !deferredInputs.isEmpty { drainDeferredWork() }
    }

    /// Processes a scroll input: fires the timers due by its time, then runs one pass of its own
    /// (R279). A `began` is hit-tested at its location and goes to the pans of the view there and
    /// of its ancestors whose ``PanGestureRecognizer/allowedScrollTypesMask`` takes its type and
    /// which track no touch (R273, R276); the rest of the sequence goes to the same pans, which
    /// treat it as one finger (R274). Views get no callback.
    ///
    /// From inside a callback the input is queued (R119).
    ///
    /// - Throws: ``DispatchError/timeWentBackwards(now:requested:)``; ``DispatchError/Kind/pointerSequence``
    ///   for a non-finite location or delta, a `began` while a scroll goes on, or another phase
    ///   with none going on. A rejected input changes nothing.
    public func dispatch(_ input: ScrollInput) throws(DispatchError) {
        guard input.location.isFinite, input.delta.isFinite else { throw .pointerSequence("the scroll location or delta is not finite") }
        guard input.timestamp >= clockNow else { throw .timeWentBackwards(now: clockNow, requested: input.timestamp) }
        if pass.isInPass {
            deferredInputs.append(.scroll(input))
            return
        }
        try run(.scroll(input))
        if !deferredChanges.isEmpty || !deferredInputs.isEmpty { drainDeferredWork() }
    }

    /// Processes a trackpad pinch or rotation: fires the timers due by its time, then runs one
    /// pass of its own (R279). A `began` is hit-tested at its location and binds the pinch and
    /// rotation recognizers of the view there and of its ancestors that are enabled, possible and
    /// track no finger (R277, R291); the rest of the sequence drives the same recognizers, each
    /// reading its own part (scale R292, rotation R293); nothing else hears it. Views get no
    /// callback.
    ///
    /// From inside a callback the input is queued (R119).
    ///
    /// - Throws: ``DispatchError/timeWentBackwards(now:requested:)``; ``DispatchError/Kind/pointerSequence``
    ///   for a non-finite location or rotation, a scale that is not finite and positive, a
    ///   `began` while a transform goes on, or another phase with none going on. A rejected
    ///   input changes nothing.
    public func dispatch(_ input: TransformInput) throws(DispatchError) {
        guard input.location.isFinite, input.rotation.isFinite, input.scale.isFinite, input.scale > 0 else {
            throw .pointerSequence("the transform location or rotation is not finite, or its scale is not finite and positive")
        }
        guard input.timestamp >= clockNow else { throw .timeWentBackwards(now: clockNow, requested: input.timestamp) }
        if pass.isInPass {
            deferredInputs.append(.transform(input))
            return
        }
        try run(.transform(input))
        if !deferredChanges.isEmpty || !deferredInputs.isEmpty { drainDeferredWork() }
    }

    /// Fires the timers due by the input's time (running what they queue; input queued before
    /// it stays queued, R119), checks the input against the pointer's state, and runs its pass.
    func run(_ input: PointerInputKind) throws(DispatchError) {
        try fireTimersBeforeInput(at: input.timestamp)
        guard input.timestamp >= clockNow else { throw .timeWentBackwards(now: clockNow, requested: input.timestamp) }
        switch input {
        case let .hover(hover):
            switch hover.phase {
            case .entered: guard !pointer.isInside else { throw .pointerSequence("hover entered while the pointer is already in") }
            case .moved, .exited: guard pointer.isInside else { throw .pointerSequence("hover \(hover.phase) before the pointer entered") }
            }
            runHoverPass(hover)
        case let .scroll(scroll):
            switch scroll.phase {
            case .began: guard pointer.scroll == nil else { throw .pointerSequence("a scroll began while another scroll goes on") }
            case .changed, .ended, .cancelled:
                guard pointer.scroll != nil else { throw .pointerSequence("scroll \(scroll.phase) with no scroll going on") }
            }
            runScrollPass(scroll)
        case let .transform(transform):
            switch transform.phase {
            case .began: guard pointer.transform == nil else { throw .pointerSequence("a transform began while another transform goes on") }
            case .changed, .ended, .cancelled:
                guard pointer.transform != nil else { throw .pointerSequence("transform \(transform.phase) with no transform going on") }
            }
            runTransformPass(transform)
        }
    }

    /// The frontmost window containing `screenLocation` and the view hit there, or nil.
    private func pointerHitTest(_ screenLocation: Point) -> (window: Window, view: View, location: Point)? {
        var index = windowList.count
        while index > 0 {
            index -= 1
            let window = windowList.unsafeObject(at: index)
            guard window.frame.contains(screenLocation) else { continue }
            let location = windowLocation(of: screenLocation, in: window)
            window.event.timestamp = clockNow
            if let view = window.hitTest(location, with: window.event) { return (window, view, location) }
        }
        return nil
    }

    /// R268, R282: one hover pass.
    private func runHoverPass(_ input: HoverInput) {
        beginPass(.pointer, at: input.timestamp)
        liveTracer?.record(.hoverReceived(input))
        // The buffers are the pointer state's, kept between passes: a hover move allocates nothing.
        var collected: [HoverGestureRecognizer] = []
        swap(&collected, &pointer.hoverBuffer)
        collected.clearKeepingCapacity()
        var location = Point.zero
        if input.phase != .exited, let hit = pointerHitTest(input.location) {
            location = hit.location
            // Deepest first: the hit view, then its ancestors up to the window. No user code runs
            // on the way up, so the tree's own references keep each view alive.
            var current: UnownedReference<View>? = UnownedReference(hit.view)
            while let view = current {
                current = view.withUnsafeUnretained { view in
                    for index in 0..<view.recognizerList.count {
                        if let hover = view.recognizerList.unsafeObject(at: index) as? HoverGestureRecognizer, hover.isEnabled {
                            collected.append(hover)
                        }
                    }
                    return view.superviewRef
                }
            }
        }
        var clickDown = false
        for index in 0..<liveTouches.count where liveTouches.unsafeObject(at: index).type == .indirectPointer { clickDown = true }
        var previous: [HoverGestureRecognizer] = []
        swap(&previous, &pointer.hovering)
        for hover in previous where !collected.contains(where: { $0 === hover }) {
            if hover.storedState == .began || hover.storedState == .changed { hover.state = .ended }
        }
        for hover in collected {
            let following = previous.contains { $0 === hover } && (hover.storedState == .began || hover.storedState == .changed)
            if following {
                // R282: no changed while a click is down; the location catches up at the next move.
                guard !(clickDown && input.phase == .moved) else { continue }
                hover.hoverLocation = location
                hover.state = .changed
            } else if hover.storedState == .possible {
                hover.hoverLocation = location
                hover.state = .began
            }
        }
        collected.removeAll { $0.storedState != .began && $0.storedState != .changed }
        pointer.hovering = collected
        previous.clearKeepingCapacity()
        pointer.hoverBuffer = previous
        pointer.isInside = input.phase != .exited
        finishPass()
    }

    /// R273-R276, R283: one scroll pass.
    private func runScrollPass(_ input: ScrollInput) {
        beginPass(.pointer, at: input.timestamp)
        liveTracer?.record(.scrollReceived(input))
        switch input.phase {
        case .began:
            var pans: [PanGestureRecognizer] = []
            swap(&pans, &pointer.scrollBuffer)
            pans.removeAll(keepingCapacity: true)
            if let hit = pointerHitTest(input.location) {
                var current: View? = hit.view
                while let view = current {
                    for index in 0..<view.recognizerList.count {
                        if let pan = view.recognizerList.unsafeObject(at: index) as? PanGestureRecognizer, pan.takesScroll(of: input.type) {
                            pans.append(pan)
                        }
                    }
                    current = view.superview
                }
                // Bound first, all of them, so that each sees the others (R248), then told.
                for pan in pans {
                    pan.scrollType = input.type
                    if pan.activeWindow == nil { activate(pan, in: hit.window) }
                }
                pointer.scroll = (input.type, pans)
                for pan in pans where pan.scrollType == input.type {
                    pan.scrollBegan(at: hit.location, type: input.type, delta: input.delta, time: input.timestamp)
                }
            } else {
                pointer.scroll = (input.type, pans)
            }
        case .changed:
            for pan in pointer.scroll?.pans ?? [] where pan.scrollType != nil { pan.scrollChanged(by: input.delta, at: input.timestamp) }
        case .ended, .cancelled:
            guard var pans = pointer.scroll?.pans else { break }
            pointer.scroll = nil
            for pan in pans where pan.scrollType != nil {
                if input.phase == .ended { pan.scrollEnded(at: input.timestamp) } else { pan.scrollCancelled() }
            }
            pans.removeAll(keepingCapacity: true)
            pointer.scrollBuffer = pans
        }
        finishPass()
    }

    /// R277, R291-R293: one transform pass.
    private func runTransformPass(_ input: TransformInput) {
        beginPass(.pointer, at: input.timestamp)
        liveTracer?.record(.transformReceived(input))
        switch input.phase {
        case .began:
            var driven: [any TwoFingerGesture] = []
            swap(&driven, &pointer.transformBuffer)
            driven.removeAll(keepingCapacity: true)
            var window: Window?
            if let hit = pointerHitTest(input.location) {
                window = hit.window
                var current: View? = hit.view
                while let view = current {
                    for index in 0..<view.recognizerList.count {
                        if let gesture = view.recognizerList.unsafeObject(at: index) as? any TwoFingerGesture, gesture.takesTrackpadTransform {
                            driven.append(gesture)
                        }
                    }
                    current = view.superview
                }
                // Bound first, all of them, so that arbitration sees them together, then told.
                for gesture in driven where gesture.activeWindow == nil { activate(gesture, in: hit.window) }
                for gesture in driven { gesture.trackpadBegan(input, at: hit.location) }
            }
            pointer.transform = (window, driven)
        case .changed:
            guard let transform = pointer.transform else { break }
            let location = windowLocation(of: input.location, in: transform.window)
            for gesture in transform.recognizers where gesture.isDrivenByPointer { gesture.trackpadMoved(input, at: location) }
        case .ended, .cancelled:
            guard var driven = pointer.transform?.recognizers else { break }
            pointer.transform = nil
            for gesture in driven where gesture.isDrivenByPointer {
                if input.phase == .ended { gesture.trackpadEnded() } else { gesture.trackpadCancelled() }
            }
            driven.removeAll(keepingCapacity: true)
            pointer.transformBuffer = driven
        }
        finishPass()
    }
}

/// A hover, scroll or transform input, queued or running.
enum PointerInputKind {
    case hover(HoverInput)
    case scroll(ScrollInput)
    case transform(TransformInput)

    var timestamp: Timestamp {
        switch self {
        case let .hover(input): return input.timestamp
        case let .scroll(input): return input.timestamp
        case let .transform(input): return input.timestamp
        }
    }
}

/// The pointer as hover and scroll input left it (R268, R272).
struct PointerState {
    /// The pointer is over the environment's windows (between `entered` and `exited`).
    var isInside = false
    /// The hover recognizers following the pointer, deepest first.
    var hovering: [HoverGestureRecognizer] = []
    /// The scroll going on: its type and the pans it drives.
    var scroll: (type: ScrollType, pans: [PanGestureRecognizer])?
    /// The trackpad transform going on: the window it began in and the pinch and rotation
    /// recognizers it drives (R291), or nil.
    var transform: (window: Window?, recognizers: [any TwoFingerGesture])?
    /// Emptied arrays kept for the next pass of their kind, so that pointer passes allocate
    /// nothing in steady state.
    var hoverBuffer: [HoverGestureRecognizer] = []
    var scrollBuffer: [PanGestureRecognizer] = []
    var transformBuffer: [any TwoFingerGesture] = []
}
