// The kit's workloads, strategies and checks speak in the oracle's types (the seeded generator, the brute-force
// answers), so a package that imports the kit has them too.
@_exported import TesseraOracle
