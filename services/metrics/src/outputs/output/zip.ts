import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';

/** One ZIP entry: a file on disk or bytes in memory, stored under `name` (a relative POSIX path). */
export type ZipEntry = { name: string; path: string } | { name: string; data: Buffer | string };

function checkName(name: string): void {
  const parts = name.split('/');
  if (
    name === '' ||
    name.startsWith('/') ||
    name.includes('\\') ||
    parts.some((p) => p === '..' || p === '')
  ) {
    throw new Error(`invalid ZIP entry name: ${JSON.stringify(name)}`);
  }
}

/**
 * Writes a deflated ZIP of `entries` to `zipPath`, streamed to disk (files are read as they are
 * compressed, never whole in memory). The archive appears under its name only once complete.
 */
export async function writeZip(zipPath: string, entries: ZipEntry[], mtime = new Date()): Promise<void> {
  for (const e of entries) checkName(e.name);
  const zip = new yazl.ZipFile();
  // yazl reports unreadable source files on the ZipFile itself, not on its output stream.
  const failed = new Promise<never>((_, reject) =>
    zip.on('error', (err: Error) => {
      (zip.outputStream as Readable).destroy(err);
      reject(err);
    }),
  );
  failed.catch(() => {});
  for (const e of entries) {
    if ('path' in e) zip.addFile(e.path, e.name, { mtime, mode: 0o100644 });
    else
      zip.addBuffer(Buffer.isBuffer(e.data) ? e.data : Buffer.from(e.data, 'utf8'), e.name, {
        mtime,
        mode: 0o100644,
      });
  }
  zip.end();
  const partial = `${zipPath}.partial`;
  try {
    await Promise.race([pipeline(zip.outputStream, createWriteStream(partial)), failed]);
    await rename(partial, zipPath);
  } catch (e) {
    await rm(partial, { force: true });
    throw e;
  }
}
