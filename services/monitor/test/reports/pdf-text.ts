import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isCI } from '@app/kit/testing';

/** Why PDF text cannot be read here (pdftotext missing off CI), or null. Under CI it must be there. */
export function pdftotextMissing(): string | null {
  const ok = spawnSync('pdftotext', ['-v']).error === undefined;
  if (ok) return null;
  if (isCI) throw new Error('pdftotext (poppler-utils) is required under CI=true');
  return 'pdftotext (poppler-utils) is not installed';
}

/** The text of a PDF, page by page, through poppler's pdftotext; throws if it fails. */
export function pdfPages(pdf: Buffer): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'report-pdf-'));
  try {
    const file = join(dir, 'r.pdf');
    writeFileSync(file, pdf);
    const r = spawnSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`pdftotext failed: ${r.stderr}`);
    return r.stdout.split('\f').filter((p) => p.trim() !== '');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
