// TODO: switch to `isTestPath` from '@app/pyscan' (same rule) once the package's barrel is light enough to
// import from discovery: today it loads the whole analyser (tree-sitter included) and any work in progress.

/** The contract's SKIP_TEST_FILES rule: `test_*.py`, `*_test.py`, or anything under a folder named `tests`. */
export function isTestPath(relPath: string): boolean {
  const parts = relPath.split('/');
  const base = parts[parts.length - 1] ?? '';
  if ((base.startsWith('test_') || base.endsWith('_test.py')) && base.endsWith('.py')) return true;
  return parts.slice(0, -1).includes('tests');
}
