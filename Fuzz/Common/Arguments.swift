// Shared by every fuzz target (Scripts/fuzz.sh compiles it into each).

/// The process arguments as libFuzzer hands them to `LLVMFuzzerInitialize`.
func fuzzerArguments(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>
) -> [String] {
    (0..<Int(argc.pointee)).compactMap { argv.pointee[$0].map { String(cString: $0) } }
}

/// The C library's `exit`, without importing the platform module.
@_silgen_name("exit") func exit(_ status: CInt) -> Never
