// caret-bench: Caret's performance figures. Build and run in release:
//   swift run -c release caret-bench [--json FILE] [--filter TEXT] [--quick]
import Foundation

let exitCode = BenchCommand.main(Array(CommandLine.arguments.dropFirst()))
exit(exitCode)
