import CGestureArbiter

/// The kinds of object a C handle names.
enum HandleKind: UInt8 {
    case environment, window, view, recognizer, controlAction
}

/// The process-wide table behind every C handle: a handle's bits are a slot's index + 1 (low 32
/// bits) and the slot's generation (high 32 bits), so a handle whose slot was freed, or reused by
/// a newer object, is refused instead of reaching freed memory.
///
/// Locked by the C side's mutex. Nothing runs user code under the lock: an object taken out of the
/// table is returned to the caller, who releases it (which may run deinits and callbacks) after
/// the lock is released.
final class HandleTable {
    struct Slot {
        var generation: UInt32 = 1
        var kind = HandleKind.environment
        var object: AnyObject?
        /// The environment the object was made in (nil for an environment's own slot).
        var owner: CEnvironment?
    }

    private var slots: [Slot] = []
    private var freeSlots: [Int] = []

    private func locked<T>(_ body: () -> T) -> T {
        ga_internal_lock()
        defer { ga_internal_unlock() }
        return body()
    }

    /// Stores `object` and returns its handle's bits.
    func insert(_ object: AnyObject, kind: HandleKind, owner: CEnvironment?) -> UInt64 {
        locked {
            let index: Int
            if let reused = freeSlots.popLast() {
                index = reused
            } else {
                slots.append(Slot())
                index = slots.count - 1
            }
            slots[index].kind = kind
            slots[index].object = object
            slots[index].owner = owner
            return UInt64(slots[index].generation) << 32 | UInt64(index + 1)
        }
    }

    private func index(of bits: UInt64) -> Int? {
        let low = Int(bits & 0xFFFF_FFFF)
        guard low >= 1, low <= slots.count else { return nil }
        let index = low - 1
        guard slots[index].object != nil, UInt64(slots[index].generation) == bits >> 32 else { return nil }
        return index
    }

    /// The live object of `bits` and its kind and owner, or nil for a null or stale handle.
    func lookup(_ bits: UInt64) -> Slot? {
        locked { index(of: bits).map { slots[$0] } }
    }

    /// Frees the slot of `bits` and returns what it held (nil when the handle was not live).
    @discardableResult
    func remove(_ bits: UInt64) -> Slot? {
        locked {
            guard let index = index(of: bits) else { return nil }
            let slot = slots[index]
            free(index)
            return slot
        }
    }

    /// Frees every slot owned by `environment` and the environment's own slot; returns what they
    /// held, in slot order.
    func removeAll(ownedBy environment: CEnvironment) -> [Slot] {
        locked {
            var removed: [Slot] = []
            for index in slots.indices where slots[index].object != nil {
                if slots[index].owner === environment || slots[index].object === environment {
                    removed.append(slots[index])
                    free(index)
                }
            }
            return removed
        }
    }

    private func free(_ index: Int) {
        slots[index].object = nil
        slots[index].owner = nil
        slots[index].generation &+= 1
        if slots[index].generation == 0 { slots[index].generation = 1 }
        freeSlots.append(index)
    }
}

extension HandleTable {
    /// What ``claim(_:for:)`` found.
    enum Claim {
        /// The environment was free and is now the thread's (release it when the call returns).
        case claimed
        /// The thread holds it already (a call from inside one of its callbacks).
        case alreadyMine
        /// Another thread holds it.
        case busy
    }

    /// Claims `environment` for the thread `thread` (``CEnvironment/claimingThread``, under the
    /// table's lock).
    func claim(_ environment: CEnvironment, for thread: UInt) -> Claim {
        ga_internal_lock()
        defer { ga_internal_unlock() }
        if environment.claimingThread == 0 {
            environment.claimingThread = thread
            return .claimed
        }
        return environment.claimingThread == thread ? .alreadyMine : .busy
    }

    /// Releases the claim on the environment of handle `bits`; nothing when it is no longer live
    /// (destroyed during the call: no other thread can reach it).
    func releaseClaim(_ bits: UInt64) {
        guard let environment = lookup(bits)?.object as? CEnvironment else { return }
        ga_internal_lock()
        environment.claimingThread = 0
        ga_internal_unlock()
    }
}

/// The table of every handle.
nonisolated(unsafe) let handles = HandleTable()
