#!/usr/bin/env python3
"""Gives a connector.yaml one swiftSdk entry in a copy of a project, as `sqlgen init` would:
python3 add_swift_sdk.py CONNECTOR_YAML OUTPUT_DIR PACKAGE. An entry the authors had keeps its
other settings (observablePublisher, clientCache); only outputDir and package change."""
import sys


def indentation(line):
    return len(line) - len(line.lstrip(" "))


def split_swift_sdk(lines):
    """The lines without the swiftSdk block, and the block's settings other than outputDir and
    package, re-indented below a `  swiftSdk:` line."""
    kept, settings, block = [], [], None
    for line in lines:
        if block is not None:
            if line.strip() == "" or line.lstrip().startswith("#"):
                continue
            if indentation(line) > block["indent"]:
                block.setdefault("child", indentation(line))
                text = line.strip().lstrip("- ").strip()
                top_level = indentation(line) == block["child"]
                if not (top_level and text.split(":")[0] in ("outputDir", "package")):
                    settings.append(" " * (4 + indentation(line) - block["child"]) + text)
                continue
            block = None
        if line.lstrip().startswith("swiftSdk:"):
            block = {"indent": indentation(line)}
            continue
        kept.append(line)
    return kept, settings


def main(path, output_dir, package):
    with open(path) as handle:
        lines, settings = split_swift_sdk(handle.read().splitlines())
    entry = ["  swiftSdk:", f"    outputDir: {output_dir}", f"    package: {package}"] + settings
    for index, line in enumerate(lines):
        if line.startswith("generate:"):
            lines[index] = "generate:"
            lines[index + 1:index + 1] = entry
            break
    else:
        lines += ["generate:"] + entry
    with open(path, "w") as handle:
        handle.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main(*sys.argv[1:4])
