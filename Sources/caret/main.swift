import CaretCLI
import Foundation

exit(CaretCommandLine.main(Array(CommandLine.arguments.dropFirst())))
