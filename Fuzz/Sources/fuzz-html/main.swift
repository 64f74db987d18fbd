// libFuzzer executable for the `html` harness (docs/fuzzing.md), built with -sanitize=fuzzer.
// SwiftPM links an executable with main defined as `<module>_main`, so that function (this
// file is parsed as a library) hands the harness to libFuzzer's driver, which reads libFuzzer's
// flags (-runs=, -max_total_time=, corpus folders) from the command line.
import CLibFuzzer
import FuzzHarnesses

let harness = Harness.named("html")!

@_cdecl("fuzz_html_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments) { data, size in
        harness.run(size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size)))
        return 0
    }
}
