"""Computes radon 5.1's numbers for every .py file under a folder, in one process.

Usage: /usr/bin/python3 oracle.py <folder> <out.json> [timeout-seconds]
Reads files the way the radon CLI does (UTF-8 text mode) and writes one JSON object per file.
MI is derived from the same raw/cc/halstead results radon's mi_visit would compute, so the slow
raw pass runs once per file; a file whose raw pass exceeds the timeout is reported as such.
"""
import ast
import json
import os
import signal
import sys

from radon.complexity import cc_visit_ast
from radon.metrics import h_visit_ast, mi_compute, mi_rank
from radon.raw import analyze
from radon.visitors import ComplexityVisitor, Function


class Timeout(Exception):
    pass


def on_alarm(signum, frame):
    raise Timeout()


def blocks_of(block, prefix, out):
    is_fn = isinstance(block, Function)
    name = prefix + block.name
    row = {
        'kind': ('method' if block.is_method else 'function') if is_fn else 'class',
        'name': name,
        'classname': block.classname if is_fn else None,
        'lineno': block.lineno,
        'endline': block.endline,
        'complexity': block.complexity,
    }
    if not is_fn:
        row['real_complexity'] = block.real_complexity
    out.append(row)
    for inner in getattr(block, 'closures', ()):
        blocks_of(inner, name + '.', out)


def measure(text, timeout):
    res = {}
    try:
        tree = ast.parse(text)
    except Exception as e:  # noqa: BLE001 - radon reports any failure as an error
        res['error'] = 'parse: %s' % e
        tree = None
    if tree is not None:
        blocks = []
        for b in cc_visit_ast(tree):
            blocks_of(b, '', blocks)
        res['blocks'] = blocks
        res['total_cc'] = ComplexityVisitor.from_ast(tree).total_complexity
        h = h_visit_ast(tree).total
        res['hal'] = list(h)
    signal.alarm(timeout)
    try:
        raw = analyze(text)
        res['raw'] = raw._asdict()
    except Timeout:
        res['raw_error'] = 'timeout'
    except Exception as e:  # noqa: BLE001
        res['raw_error'] = str(e) or type(e).__name__
    finally:
        signal.alarm(0)
    if tree is not None and 'raw' in res:
        raw = res['raw']
        comments = (raw['comments'] + raw['multi']) / float(raw['sloc']) * 100 if raw['sloc'] else 0
        mi = mi_compute(res['hal'][7], res['total_cc'], raw['lloc'], comments)
        res['mi'] = mi
        res['mi_rank'] = mi_rank(mi)
    return res


def main():
    folder, out = sys.argv[1], sys.argv[2]
    timeout = int(sys.argv[3]) if len(sys.argv) > 3 else 60
    signal.signal(signal.SIGALRM, on_alarm)
    results = {}
    for root, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith('.') and d != 'site-packages' and d != 'dist-packages')
        for f in sorted(files):
            if not f.endswith('.py'):
                continue
            path = os.path.join(root, f)
            rel = os.path.relpath(path, folder)
            try:
                with open(path, encoding='utf-8') as fh:
                    text = fh.read()
            except Exception as e:  # noqa: BLE001
                results[rel] = {'error': 'read: %s' % e}
                continue
            results[rel] = measure(text, timeout)
    with open(out, 'w') as fh:
        json.dump(results, fh)


if __name__ == '__main__':
    main()
