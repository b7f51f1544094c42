// Typing and docstring shares counted by hand on a fixture with every kind of parameter.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { isPublicName, measureTypingDocs, totalTypingDocs } from '../../src/typing-docs/index.js';

const FIXTURE = `"""Module docstring."""
from typing import Callable


def full(a: int, b: str = "x", *args: int, key: bool, **kw: str) -> None:
    """Every kind, all annotated: 5 parameters + return = 6 of 6."""


def bare(a, b=1, *args, key, **kw):
    return lambda x: x


def mixed(a: int, /, b, *, c: "Callable[[int], int]" = lambda y: y, d=lambda z: z):
    '''Half: a and c annotated, b and d not, no return: 2 of 5.'''


class _Private:
    def method(self, x: int) -> int:
        return x

    @staticmethod
    def static(x, y: int):
        "One of two parameters, no return: 1 of 3."

    @classmethod
    def build(cls) -> "_Private":
        """cls is not counted: the return alone, 1 of 1."""

    def __init__(self):
        pass


class Public:
    """Documented."""

    async def run(self, *, when: float) -> bool:
        def inner(q):
            pass

        return bool(inner)

    def _helper(self): b"bytes are not a docstring"
`;

describe('typing and docstrings on a hand-counted fixture', () => {
  const r = measureTypingDocs(FIXTURE)!;
  const byName = new Map(r.functions.map((f) => [f.name, f]));

  test('per function: parameters counted and annotated, return, docstring', () => {
    const row = (n: string) => {
      const f = byName.get(n)!;
      return [f.class, f.lineno, f.params, f.params_annotated, f.return_annotated, f.public, f.has_docstring];
    };
    assert.deepEqual(row('full'), ['', 5, 5, 5, true, true, true]);
    assert.deepEqual(row('bare'), ['', 9, 5, 0, false, true, false]);
    // `/` and `*` are separators, not parameters; the lambdas in defaults are not annotations.
    assert.deepEqual(row('mixed'), ['', 13, 4, 2, false, true, true]);
    assert.deepEqual(row('method'), ['_Private', 18, 1, 1, true, true, false]);
    assert.deepEqual(row('static'), ['_Private', 22, 2, 1, false, true, true]);
    assert.deepEqual(row('build'), ['_Private', 26, 0, 0, true, true, true]);
    assert.deepEqual(row('__init__'), ['_Private', 29, 0, 0, false, true, false]);
    assert.deepEqual(row('run'), ['Public', 36, 1, 1, true, true, false]);
    assert.deepEqual(row('inner'), ['Public', 37, 1, 0, false, true, false]);
    assert.deepEqual(row('_helper'), ['Public', 42, 0, 0, false, false, false]);
    assert.equal(byName.get('mixed')!.typed_pct, 40);
    assert.equal(r.functions.length, 10, 'lambdas are not definitions');
  });

  test('per file: slots are parameters plus one return per def; docstring items are public names', () => {
    // Slots: full 6, bare 6, mixed 5, method 2, static 3, build 1, __init__ 1, run 2, inner 2, _helper 1 = 29.
    // Annotated: 6 + 0 + 2 + 2 + 1 + 1 + 0 + 2 + 0 + 0 = 14.
    assert.equal(r.typed_slots, 29);
    assert.equal(r.typed_annotated, 14);
    assert.equal(r.typed_pct, (100 * 14) / 29);
    // Items: the module; full, bare, mixed; method, static, build, __init__ (public names inside a
    // private class still count); Public, run, inner = 11 (not _Private, _helper).
    // Documented: module, full, mixed, static, build, Public = 6.
    assert.equal(r.module_docstring, true);
    assert.equal(r.doc_items, 11);
    assert.equal(r.doc_documented, 6);
    assert.equal(r.doc_pct, (100 * 6) / 11);
  });

  test('repository totals add slots and items up (not a mean of shares)', () => {
    const empty = measureTypingDocs('')!;
    assert.deepEqual(
      [empty.typed_slots, empty.typed_pct, empty.doc_items, empty.doc_documented],
      [0, null, 1, 0],
    );
    const t = totalTypingDocs([r, empty]);
    assert.deepEqual([t.typed_slots, t.typed_annotated, t.doc_items, t.doc_documented], [29, 14, 12, 6]);
    assert.equal(t.doc_pct, 50);
  });

  test("interrogate's public names", () => {
    assert.deepEqual(['run', '_run', '__run', '__init__', '__'].map(isPublicName), [
      true,
      false,
      false,
      true,
      false,
    ]);
  });

  test('a file the tokenizer cannot read has no measure (not a 0)', () => {
    assert.equal(measureTypingDocs('print "python 2"\nx = `1`\n'), null);
  });
});
