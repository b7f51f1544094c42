/** The contract's SKIP_TEST_FILES rule: test_*.py, *_test.py, or anything under a folder named `tests`. */
export function isTestPath(relPath: string): boolean {
  const parts = relPath
    .replace(/\\/g, '/')
    .split('/')
    .filter((p) => p !== '' && p !== '.');
  const base = parts[parts.length - 1] ?? '';
  if (/^test_.*\.py$/.test(base) || /_test\.py$/.test(base)) return true;
  return parts.slice(0, -1).includes('tests');
}
