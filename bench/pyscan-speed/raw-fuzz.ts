import { tokenize } from '../../packages/pyscan/src/fast-parse/index.js';
import { rawMetrics } from '../../packages/pyscan/src/raw.js';
import { rawFromTokens } from '../../packages/pyscan/src/raw-from-tokens.js';

// Random files glued from lines that group, continue and split in every way radon's raw counts
// care about (strings over lines, brackets, backslashes, comments, semicolons, colons, form feeds,
// f-strings…): raw-from-tokens.ts must give raw.ts's counts whenever it gives any.
// Usage: node --import tsx bench/pyscan-speed/raw-fuzz.ts [seed] [files] (LINES=n, default 8)
const pieces = [
  'x = 1',
  'if x: y = 2',
  'if x:',
  '    pass',
  '',
  '   ',
  '# c',
  'x = 1  # c',
  '"""doc"""',
  '"""a',
  'b"""',
  "'s'",
  'f"{x:>{w}} {y!r}"',
  'f"""a',
  '{x}"""',
  'y = (1,',
  '2)',
  'z = \\',
  '3',
  'a; b',
  'a;',
  'if x: a; b',
  'd = {1: 2}',
  'l[1:2]',
  'lambda: 0',
  '\f',
  ' \f ',
  'x = "a\\',
  'b"',
  '"abc" \\',
  'def f(a,',
  '  b): return a',
  'class C: pass',
  'else: z',
  's = """x\\',
  '"""',
  'print(1)  ;',
  '(',
  ')',
  '[# c',
  ']',
  "r'\\\\'",
  'b"x" "y"',
  'x = 1 \\',
  '  # comment',
  'x = 1 \\',
  '\t',
  'u = f"{a}" f"b"',
  'w = f"{ {1:2}[1] }"',
  'x := 1',
  'try: pass',
  'for a in b: c',
  'e = (1 if x else 2)',
  "''",
  '""""""',
  "'''x",
  "y'''",
  'if x: pass;',
  'else:',
  '  x = 1   ',
  '\t\tpass',
  'a = [1, # c',
  '  2]',
  'f"{x}"',
  'f"""{',
  'x}"""',
  '"a" "b"',
  'x = """',
  '',
  '  ',
  '"""',
  'while 1: pass; x',
  'with a: b',
  'x[1:2, ::3]',
  'x = r"\\"',
  'y = "\\n"',
  'return',
  'a: int = 1',
  'def f() -> int: ...',
  'z = 0x1F + 1.5e3j',
  '@dec',
  'async def f(): await x',
  ' # indented comment',
  '"""x""" # c',
  '"x"; "y"',
  '"x";',
  'é = 1',
  'x = "é"',
  '"""\t"""',
  'if x:  # c',
  '   \\',
  'x = (\\',
  '1)',
];
let rnd = Number(process.argv[2] ?? 12345);
const R = (n: number): number => {
  rnd = (rnd * 1103515245 + 12345) & 0x7fffffff;
  return rnd % n;
};
const FIELDS = ['loc', 'lloc', 'sloc', 'comments', 'multi', 'blank', 'single_comments'] as const;
const total = Number(process.argv[3] ?? 200000);
const maxLines = Number(process.env.LINES ?? 8);
let compared = 0;
let bad = 0;
for (let it = 0; it < total; it++) {
  const ls: string[] = [];
  for (let i = 1 + R(maxLines); i > 0; i--) ls.push(pieces[R(pieces.length)] ?? '');
  const text = ls.join('\n') + (R(3) ? '\n' : '');
  let fast: ReturnType<typeof rawFromTokens>;
  try {
    fast = rawFromTokens(text, tokenize(text));
  } catch {
    continue;
  }
  if (!fast) continue;
  compared++;
  const slow = rawMetrics(text);
  const diff = FIELDS.filter((k) => fast?.[k] !== slow[k]);
  if (diff.length === 0) continue;
  bad++;
  if (bad <= 8)
    console.log(JSON.stringify(text), diff.map((k) => `${k} ${slow[k]} -> ${fast?.[k]}`).join(' '));
}
console.log(`${total} random files, ${compared} read off the tokens, ${bad} different`);
if (bad > 0) process.exitCode = 1;
