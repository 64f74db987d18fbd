// swift-tools-version:6.0
// A package that depends on Caret the way an app's package does: by path, through its library
// products, with no flags of its own. CaretDependencyTests builds it and runs it with Caret's
// checkout linked at ../Caret.
import PackageDescription

let package = Package(
    name: "Consumer",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [.package(path: "../Caret")],
    targets: [
        .executableTarget(
            name: "ConsumerApp",
            dependencies: [
                .product(name: "CaretCore", package: "Caret"),
                .product(name: "CaretFormats", package: "Caret"),
                .product(name: "CaretReplay", package: "Caret"),
                .product(name: "CaretLua", package: "Caret"),
                .product(name: "CaretFoundation", package: "Caret"),
            ]
        ),
        .testTarget(
            name: "ConsumerTests",
            dependencies: [
                .product(name: "CaretCore", package: "Caret"),
                .product(name: "CaretTesting", package: "Caret"),
            ]
        ),
    ]
)
