#!/usr/bin/env python3
"""Checks the package's structure: every target declares exactly the package modules it imports,
no module depends on one further down the pipeline, and no source file or function is too long.
Exits 1 and says what is wrong; prints the largest files and functions either way."""
import glob
import re
import sys

# Pipeline order: a module may depend only on modules of a lower layer.
LAYERS = {
    "SQLGenLanguage": 0, "SQLGenYAML": 0, "SQLGenHTTP": 0, "SQLGenJSON": 0, "CSQLite": 0, "CLibPQ": 0, "SQLConnect": 0,
    "SQLGenPostgres": 1,
    "SQLGenSchema": 1,
    "SQLGenDataConnect": 2, "SQLGenAEM": 2,
    "SQLGenDialects": 3,
    "SQLGenCore": 4, "SQLGenEmulator": 4,
    "SQLGenCommandLine": 5, "SQLGenLSP": 5, "sqlgen-callsites": 5,
    "sqlgen": 6, "sqlgen-generate": 6, "sqlgen-bench": 6,
}
MAX_FILE_LINES = 400
MAX_FUNCTION_LINES = 60

TARGET = re.compile(r'\.(target|executableTarget|testTarget|systemLibrary)\(name: "([^"]+)"(?:, dependencies: \[([^\]]*)\])?(?:, path: "([^"]+)")?')
IMPORT = re.compile(r'^\s*(?:@testable\s+)?import\s+(\w+)', re.M)
FUNCTION = re.compile(r'^(\s*)(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|private|fileprivate|internal|package|open|static|final|override|mutating|nonisolated|required|convenience|class)\s+)*(?:func\s|init[?!]?[(<]|subscript[(<]|var\s+\w+\s*:[^=]*\{\s*$)')


def targets(manifest):
    for kind, name, deps, path in TARGET.findall(manifest):
        declared = {d.strip().strip('"') for d in deps.split(",") if d.strip()}
        folder = path or (("Tests/" if kind == "testTarget" else "Sources/") + name)
        yield kind, name, declared, folder


def function_lengths(path):
    """(line, length) of each function body, found by brace depth from its first line."""
    lines = open(path, encoding="utf-8").read().split("\n")
    found = []
    for index, line in enumerate(lines):
        if not FUNCTION.match(line) or "{" not in line and not line.rstrip().endswith(")"):
            continue
        depth, started = 0, False
        for end in range(index, min(len(lines), index + 2000)):
            text = re.sub(r'"(?:\\.|[^"\\])*"', '""', lines[end]).split("//")[0]
            depth += text.count("{") - text.count("}")
            started = started or "{" in text
            if started and depth <= 0:
                found.append((index + 1, end - index + 1))
                break
    return found


def main():
    manifest = open("Package.swift", encoding="utf-8").read()
    all_targets = list(targets(manifest))
    modules = {name for _, name, _, _ in all_targets}
    # Tests may depend on an executable only to have it built, and run it as a user would.
    executables = {name for kind, name, _, _ in all_targets if kind == "executableTarget"}
    problems = []
    for kind, name, declared, folder in all_targets:
        if kind == "systemLibrary":
            continue
        imported = set()
        for path in glob.glob(folder + "/**/*.swift", recursive=True):
            imported |= {m for m in IMPORT.findall(open(path, encoding="utf-8").read()) if m in modules}
        imported.discard(name)
        for module in sorted(declared - imported):
            if kind == "testTarget" and module in executables:
                continue
            problems.append(f"Package.swift: {name} declares {module} but does not import it")
        for module in sorted(imported - declared):
            problems.append(f"Package.swift: {name} imports {module} but does not declare it")
        if kind != "testTarget" and name in LAYERS:
            for module in sorted(declared):
                if LAYERS.get(module, -1) >= LAYERS[name]:
                    problems.append(f"Package.swift: {name} depends on {module}, which is not further up the pipeline")
    sizes, functions, sizes_over = [], [], []
    for path in glob.glob("Sources/**/*.swift", recursive=True):
        count = open(path, encoding="utf-8").read().count("\n")
        sizes.append((count, path))
        if count > MAX_FILE_LINES:
            sizes_over.append(f"{path}: {count} lines (at most {MAX_FILE_LINES})")
        for line, length in function_lengths(path):
            functions.append((length, f"{path}:{line}"))
            if length > MAX_FUNCTION_LINES:
                sizes_over.append(f"{path}:{line}: a function of {length} lines (at most {MAX_FUNCTION_LINES})")
    print("largest files:", ", ".join(f"{p} {n}" for n, p in sorted(sizes, reverse=True)[:5]))
    print("longest functions:", ", ".join(f"{p} {n}" for n, p in sorted(functions, reverse=True)[:5]))
    print(f"functions over 50 lines: {sum(1 for n, _ in functions if n > 50)}")
    for problem in problems + sizes_over:
        print(problem, file=sys.stderr)
    return 1 if problems or sizes_over else 0


if __name__ == "__main__":
    sys.exit(main())
