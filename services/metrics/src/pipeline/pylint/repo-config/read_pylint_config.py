"""Prints, as JSON, the pylint configuration an analysed repository carries at its root.

Run by the metrics service with `python3 -I` in the clone: it only parses files (configparser,
tomllib), never imports anything from the repository. It looks for the files pylint 2.x looks for,
in pylint's order (pylintrc, .pylintrc, pyproject.toml with [tool.pylint], setup.cfg with
[pylint.*] sections), and reads them the way pylint's own configuration parser does, so the service
sees exactly the option names and values pylint would. Which of them are applied is decided by the
service (option-policy.ts), not here.

Output: {"file": name or null, "options": [[name, value], ...], "error": text or null}.
"""

import configparser
import json
import os
import sys

try:
    import tomllib
except ImportError:  # Python < 3.11
    try:
        import tomli as tomllib
    except ImportError:
        tomllib = None

RC_NAMES = ("pylintrc", ".pylintrc")


def rich(value):
    # pylint's _parse_rich_type_value: lists become comma-separated text, the rest str().
    if isinstance(value, (list, tuple)):
        return ",".join(str(v) for v in value)
    return str(value)


def read_toml(path):
    if tomllib is None:
        raise ValueError("no TOML parser in this Python (needs 3.11 or tomli)")
    with open(path, "rb") as fp:
        content = tomllib.load(fp)
    section = content.get("tool", {}).get("pylint")
    if not isinstance(section, dict):
        return None
    options = []
    for name, value in section.items():
        if isinstance(value, dict):
            options += [[k, rich(v)] for k, v in value.items()]
        else:
            options.append([name, rich(value)])
    return options


def read_ini(path, with_sections):
    parser = configparser.ConfigParser(inline_comment_prefixes=("#", ";"))
    with open(path, encoding="utf_8_sig") as fp:
        parser.read_file(fp)
    sections = parser.sections()
    if with_sections:
        sections = [s for s in sections if s.startswith("pylint") or s.lower() == "master"]
        if not any(s.startswith("pylint.") for s in sections):
            return None
    options = []
    for section in sections:
        for name, value in parser[section].items():
            options.append([name, value])
    return options


def main():
    candidates = [(n, lambda p: read_ini(p, False)) for n in RC_NAMES]
    candidates += [
        ("pyproject.toml", read_toml),
        ("setup.cfg", lambda p: read_ini(p, True)),
    ]
    for name, reader in candidates:
        if not os.path.isfile(name):
            continue
        try:
            options = reader(name)
        except (OSError, UnicodeDecodeError, ValueError, configparser.Error) as e:
            first = str(e).splitlines()[0] if str(e) else type(e).__name__
            print(json.dumps({"file": name, "options": [], "error": first[:300]}))
            return
        if options is None:
            continue
        print(json.dumps({"file": name, "options": options, "error": None}))
        return
    print(json.dumps({"file": None, "options": [], "error": None}))


if __name__ == "__main__":
    sys.exit(main())
