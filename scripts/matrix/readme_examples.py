#!/usr/bin/env python3
"""Writes each README Swift example marked for checking as a @MainActor function of its own file,
so CI compiles the README's code the way a SwiftUI app calls it:

    <!-- check: MoviesSDK | let connector = DataConnect.moviesConnector -->
    ```swift
    ...
    ```

The comment names the modules to import and, after `|`, lines to run first.
    python3 readme_examples.py README.md OUTPUT_DIR"""
import os
import re
import sys

MARK = re.compile(r"^\s*<!-- check: ([^|>]*)(?:\|(.*))? -->\s*$")


def examples(lines):
    index = 0
    while index < len(lines):
        mark = MARK.match(lines[index])
        index += 1
        if not mark or index >= len(lines) or lines[index].strip() != "```swift":
            continue
        indent = len(lines[index]) - len(lines[index].lstrip())
        body, index = [], index + 1
        while index < len(lines) and lines[index].strip() != "```":
            body.append(lines[index][indent:])
            index += 1
        modules = mark.group(1).split()
        prelude = [part.strip() for part in (mark.group(2) or "").split(";") if part.strip()]
        yield modules, prelude, body


def main(readme, folder):
    with open(readme) as handle:
        lines = handle.read().splitlines()
    os.makedirs(folder, exist_ok=True)
    count = 0
    for count, (modules, prelude, body) in enumerate(examples(lines), start=1):
        modules += [line.split()[1] for line in body if line.startswith("import ")]
        body = [line for line in body if not line.startswith("import ")]
        imports = "\n".join(f"import {name}" for name in dict.fromkeys(["Foundation", "SQLConnect"] + modules))
        code = "\n".join("    " + line if line else "" for line in prelude + body)
        with open(os.path.join(folder, f"ReadmeExample{count}.swift"), "w") as handle:
            handle.write(f"// Written by scripts/matrix/readme_examples.py from README.md.\n{imports}\n\n"
                         f"@MainActor\nfunc readmeExample{count}() async throws {{\n{code}\n}}\n")
    print(count)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
