#!/usr/bin/env python3
"""Writes the compile matrix's package: one target per generated SDK (Swift 6, warnings as
errors) and two consumer executables with every call site, in Swift 6 and Swift 5 modes.

    python3 write_package.py WORK RUNTIME_PACKAGE PACKAGE..."""
import os
import shutil
import sys


def consumer(work, mode, packages):
    folder = os.path.join(work, f"calls{mode}")
    shutil.rmtree(folder, ignore_errors=True)
    shutil.copytree(os.path.join(work, "calls"), folder)
    runs = "\n".join(f"try await {package}CallSites.runAll()" for package in packages)
    with open(os.path.join(folder, "main.swift"), "w") as handle:
        handle.write(f"// Runs every call site of every SDK of the matrix.\n{runs}\nprint(\"Swift {mode}: ran the call sites of {len(packages)} SDKs\")\n")
    return f"""        .executableTarget(
            name: "CallsSwift{mode}", dependencies: [{", ".join(f'"{p}"' for p in packages)}, runtime], path: "calls{mode}",
            swiftSettings: strict + [.swiftLanguageMode(.v{mode})]),"""


def coverage_runner(work, repo_tests, packages):
    """The coverage connectors run as an app would (Tests/Matrix/CoverageRun, copied: SwiftPM
    takes target paths inside the package only)."""
    needed = ["CoverageSDK", "CoverageGraphQLSDK"]
    if not all(name in packages for name in needed):
        return ""
    shutil.rmtree(os.path.join(work, "CoverageRun"), ignore_errors=True)
    shutil.copytree(os.path.join(repo_tests, "CoverageRun"), os.path.join(work, "CoverageRun"))
    return f"""        .executableTarget(
            name: "CoverageRun", dependencies: [{", ".join(f'"{p}"' for p in needed)}, runtime],
            path: "CoverageRun", swiftSettings: strict),"""


def main(work, runtime, packages):
    repo_tests = os.path.join(os.path.dirname(runtime), "Tests", "Matrix")
    sdks = "\n".join(f'        .target(name: "{p}", dependencies: [runtime], path: "sdks/{p}/Sources", swiftSettings: strict),' for p in packages)
    manifest = f"""// swift-tools-version:6.0
// Written by scripts/compile-matrix.sh.
import PackageDescription
let runtime: Target.Dependency = .product(name: "SQLConnect", package: "SQLConnect")
let strict: [SwiftSetting] = [.unsafeFlags(["-warnings-as-errors"])]
let package = Package(
    name: "CompileMatrix",
    platforms: [.iOS(.v17), .macOS(.v14)],
    dependencies: [.package(path: "{runtime}")],
    targets: [
{sdks}
{consumer(work, 6, packages)}
{consumer(work, 5, packages)}
{coverage_runner(work, repo_tests, packages)}
    ],
    swiftLanguageModes: [.v6]
)
"""
    with open(os.path.join(work, "Package.swift"), "w") as handle:
        handle.write(manifest)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3:])
