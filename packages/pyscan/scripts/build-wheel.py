#!/usr/bin/env python3
"""Wraps pyscan's single executable in a Python wheel, as ruff and biome ship theirs.

usage: build-wheel.py EXECUTABLE DIST_NAME VERSION OUT_DIR

A wheel is a zip (PEP 427): the executable goes to `<name>-<version>.data/scripts/pyscan`, which
pip and pipx install straight into the environment's bin folder (no Python runs when `pyscan`
starts), plus the three metadata files, METADATA, WHEEL and RECORD (sha256 of every file).
The tag says: any Python 3, no ABI, Linux x86-64 with glibc 2.28 or newer (Node.js 20's own floor).
"""
import base64
import hashlib
import os
import sys
import zipfile

TAG = "py3-none-manylinux_2_28_x86_64"


def digest(data: bytes) -> str:
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def main() -> int:
    exe, dist_name, version, out_dir = sys.argv[1:5]
    norm = dist_name.replace("-", "_")
    data_dir = f"{norm}-{version}.data"
    info_dir = f"{norm}-{version}.dist-info"
    metadata = (
        "Metadata-Version: 2.1\n"
        f"Name: {dist_name}\n"
        f"Version: {version}\n"
        "Summary: Python code metrics and a quality gate (radon's complexity and maintainability, "
        "cognitive complexity, --fail-on limits, --diff) as one executable\n"
        "Requires-Python: >=3.8\n"
        "Classifier: Operating System :: POSIX :: Linux\n"
        "Classifier: Topic :: Software Development :: Quality Assurance\n"
    )
    wheel = f"Wheel-Version: 1.0\nGenerator: pyscan build-wheel.py\nRoot-Is-Purelib: false\nTag: {TAG}\n"
    with open(exe, "rb") as f:
        binary = f.read()
    entries = [
        (f"{data_dir}/scripts/pyscan", binary, 0o755),
        (f"{info_dir}/METADATA", metadata.encode(), 0o644),
        (f"{info_dir}/WHEEL", wheel.encode(), 0o644),
    ]
    record = "".join(f"{name},{digest(data)},{len(data)}\n" for name, data, _ in entries)
    record += f"{info_dir}/RECORD,,\n"
    entries.append((f"{info_dir}/RECORD", record.encode(), 0o644))
    target = os.path.join(out_dir, f"{norm}-{version}-{TAG}.whl")
    with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=1) as z:
        for name, data, mode in entries:
            info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
            info.external_attr = (0o100000 | mode) << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, data)
    print(f"dist: {target} ({os.path.getsize(target) // 1_000_000} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
