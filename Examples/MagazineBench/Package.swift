// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "MagazineBench",
    dependencies: [
        // Tessera, by path: this example lives inside its repository. Your package names your clone's path.
        .package(name: "Tessera", path: "../..")
    ],
    targets: [
        // The layout, as an app would have it: the engine's protocol and nothing of the benchmark.
        .target(name: "MagazineLayout", dependencies: [.product(name: "Tessera", package: "Tessera")]),
        // tessera-bench's command line, with the magazine layout beside the built-in ones.
        .executableTarget(
            name: "magazine-bench",
            dependencies: [
                "MagazineLayout",
                .product(name: "TesseraBenchCommand", package: "Tessera"),
                .product(name: "TesseraBenchKit", package: "Tessera"),
            ]
        ),
    ]
)
