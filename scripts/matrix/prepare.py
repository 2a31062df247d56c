#!/usr/bin/env python3
"""Copies the compile matrix's projects into WORK/projects and points each connector's swiftSdk
at WORK/sdks under a package name unique in the matrix; prints one config path per project.
A connector without a swiftSdk gets one from `sqlgen init`, as a user would add it.

    SQLGEN=path/to/sqlgen python3 prepare.py WORK SOURCE...

A SOURCE folder holding dataconnect.yaml is a Data Connect project (every connector of it is
generated); one holding connector.yaml is a single connector."""
import os
import re
import shutil
import subprocess
import sys

from add_swift_sdk import main as add_swift_sdk


def upper_camel(text):
    return "".join(part[:1].upper() + part[1:] for part in re.split(r"[^A-Za-z0-9]+", text) if part)


def connector_files(folder):
    for root, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d != "node_modules")
        if "connector.yaml" in files:
            yield os.path.join(root, "connector.yaml")


def prepare(work, source):
    name = os.path.basename(os.path.normpath(source))
    copy = os.path.join(work, "projects", name)
    shutil.rmtree(copy, ignore_errors=True)
    shutil.copytree(source, copy, ignore=shutil.ignore_patterns(".build", "Generated", "node_modules"))
    sdks = os.path.join(work, "sdks")
    configs = list(connector_files(copy))
    for config in configs:
        folder = os.path.relpath(os.path.dirname(config), copy)
        qualifier = "" if len(configs) == 1 else "-" + folder
        package = upper_camel(name + qualifier) + "SDK"
        with open(config) as handle:
            has_swift_sdk = any(line.lstrip().startswith("swiftSdk:") for line in handle)
        if has_swift_sdk:
            add_swift_sdk(config, sdks, package)
        else:
            subprocess.run([os.environ["SQLGEN"], "init", "--config", config, "--output-dir", sdks, "--package", package],
                           check=True, stdout=subprocess.DEVNULL)
    project = os.path.join(copy, "dataconnect.yaml")
    return project if os.path.exists(project) else os.path.join(copy, "connector.yaml")


if __name__ == "__main__":
    work = sys.argv[1]
    for source in sys.argv[2:]:
        print(prepare(work, source))
