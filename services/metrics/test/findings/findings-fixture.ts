import { join } from 'node:path';
import { ALICE, type FixtureBase, RepoBuilder } from '../fixtures-builder/build-repo.js';

/**
 * `pkg/bad.py`: pylint 2.x with the service's rcfile gives exactly seven messages (listed in
 * BAD_FINDINGS); `Compute` has two nested ifs (complexity 3, cognitive 3).
 */
export const BAD_PY = `"""Module with known messages."""
import os
import sys


def shout(text):
    """Upper-case the text."""
    unused = 1
    return text.upper()


def Compute(a, b):
    if a > b:
        if a > 2 * b:
            return a
    return a + b
`;

/** pylint's messages on BAD_PY in position order: [line, column, end line, end column, category, symbol, id]. */
export const BAD_FINDINGS: [number, number, number, number, string, string, string][] = [
  [2, 0, 2, 9, 'warning', 'unused-import', 'W0611'],
  [3, 0, 3, 10, 'warning', 'unused-import', 'W0611'],
  [8, 4, 8, 10, 'warning', 'unused-variable', 'W0612'],
  [12, 0, 12, 11, 'convention', 'missing-function-docstring', 'C0116'],
  [12, 0, 12, 11, 'convention', 'invalid-name', 'C0103'],
  [12, 12, 12, 13, 'convention', 'invalid-name', 'C0103'],
  [12, 15, 12, 16, 'convention', 'invalid-name', 'C0103'],
];

export const CLEAN_PY = `"""Nothing to say."""


def twice(value):
    """Double it."""
    return value * 2
`;

/** One error: undefined-variable at line 2, column 6. */
export const OTHER_PY = `"""Undefined name."""
print(missing_name)
`;

/** Latin-1 bytes with a coding cookie: the stored text must be the decoded "café". */
export const LATIN_PY = Buffer.from('# -*- coding: latin-1 -*-\n"""Latin."""\nNAME = "caf\xe9"\n', 'latin1');

/** Over 1 KiB (the tests' SOURCE_MAX_FILE_KB=1): metrics yes, stored text no. */
export const BIG_PY = `"""Big."""\n${Array.from({ length: 120 }, (_, i) => `VALUE_${i} = ${i}\n`).join('')}`;

/** `acme/findings` with the files above; returns the work tree. */
export function buildFindingsRepo(base: FixtureBase, name = 'findings'): string {
  const dir = join(base.dir, 'acme', name);
  new RepoBuilder(dir, 'main')
    .write('pkg/bad.py', BAD_PY)
    .write('pkg/clean.py', CLEAN_PY)
    .write('other.py', OTHER_PY)
    .write('latin.py', LATIN_PY)
    .write('big.py', BIG_PY)
    .commit('findings fixture', { author: ALICE, date: '2024-02-01T00:00:00Z' });
  return dir;
}
