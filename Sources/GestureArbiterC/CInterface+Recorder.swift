// The C interface's recorder: a live run written as a scenario file. Each function is documented
// in gesture_arbiter_recorder.h, the reference for C callers.
import CGestureArbiter
import Foundation
import GestureArbiter
import GestureArbiterTesting

/// The live recorders by handle bits. Bits count up from 1 and are never reused, so a handle of
/// a recorder that ended is recognized as stale. Guarded by the handle table's lock.
nonisolated(unsafe) private var recorders: [UInt64: (recorder: ScenarioRecorder, environment: CEnvironment)] = [:]
nonisolated(unsafe) private var lastRecorderBits: UInt64 = 0

private func lockedRecorders<T>(_ body: () -> T) -> T {
    ga_internal_lock()
    defer { ga_internal_unlock() }
    return body()
}

/// Removes and returns the live recorder of `handle`. A recorder whose environment is inside a
/// call (the finish comes from one of its callbacks) is left live and refused with
/// GA_ERROR_BUSY: its log would stop in the middle of a pass.
private func takeRecorder(_ handle: ga_recorder) throws(CError) -> ScenarioRecorder {
    guard handle.bits != 0 else { throw CError(GA_ERROR_INVALID_HANDLE, "recorder is the null handle") }
    guard let entry = lockedRecorders({ recorders[handle.bits] }) else {
        throw CError(GA_ERROR_INVALID_HANDLE, "recorder is not a live handle (finished, discarded, or never made)")
    }
    if !entry.environment.isDestroyed {
        try claim(entry.environment)
        guard entry.environment.activeCalls == 0 else {
            throw CError(
                GA_ERROR_BUSY,
                "called from inside a callback of the recorded environment (a pass is running); "
                    + "the recorder keeps recording: finish or discard it after the call returns")
        }
    }
    lockedRecorders { recorders[handle.bits] = nil }
    return entry.recorder
}

/// Starts recording an environment (`gesture_arbiter_recorder.h`).
@_cdecl("ga_recorder_start")
public func ga_recorder_start(
    _ env: ga_environment, _ name: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<ga_recorder>?
) -> ga_result {
    call { () throws(CError) in
        let out = try require(out, "out")
        let environment = try resolve(env)
        let title = name == nil ? "recorded run" : try text(name, "name")
        let recorder: ScenarioRecorder
        do {
            recorder = try ScenarioRecorder(environment: environment.environment, name: title)
        } catch {
            throw CError(GA_ERROR_CANNOT_RECORD, "\(error)")
        }
        let bits = lockedRecorders { () -> UInt64 in
            lastRecorderBits += 1
            recorders[lastRecorderBits] = (recorder, environment)
            return lastRecorderBits
        }
        out.pointee = ga_recorder(bits: bits)
    }
}

/// Stops recording and writes the scenario file (`gesture_arbiter_recorder.h`).
@_cdecl("ga_recorder_finish")
public func ga_recorder_finish(_ handle: ga_recorder, _ path: UnsafePointer<CChar>?) -> ga_result {
    call { () throws(CError) in
        let recorder = try takeRecorder(handle)
        let scenario: Scenario
        do {
            scenario = try recorder.finish()
        } catch {
            throw CError(GA_ERROR_CANNOT_RECORD, "\(error)")
        }
        let file = try text(path, "path")
        do {
            try scenario.jsonText().write(toFile: file, atomically: true, encoding: .utf8)
        } catch {
            throw CError(GA_ERROR_IO, "cannot write \(file): \(error.localizedDescription)")
        }
    }
}

/// Stops recording without writing (`gesture_arbiter_recorder.h`).
@_cdecl("ga_recorder_discard")
public func ga_recorder_discard(_ handle: ga_recorder) -> ga_result {
    call { () throws(CError) in
        let recorder = try takeRecorder(handle)
        _ = try? recorder.finish()
    }
}
