import { once } from 'node:events';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Writable } from 'node:stream';

/** A small deterministic PRNG (mulberry32): the same seed builds the same history every run. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Sorted relative paths of the `.py` files under `root` (no site-packages), optionally below a size. */
export function listPython(root: string, maxBytes = Number.POSITIVE_INFINITY): string[] {
  const out: string[] = [];
  const stack = [root];
  while (stack.length > 0) {
    const d = stack.pop()!;
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.name === 'site-packages' || e.name === '__pycache__') continue;
      const p = join(d, e.name);
      if (e.isDirectory()) stack.push(p);
      else if (
        e.isFile() &&
        e.name.endsWith('.py') &&
        (maxBytes === Number.POSITIVE_INFINITY || statSync(p).size < maxBytes)
      )
        out.push(relative(root, p));
    }
  }
  return out.sort();
}

/** Writes to a stream, waiting for it to drain when its buffer is full. */
export async function write(stream: Writable, data: string | Buffer): Promise<void> {
  if (!stream.write(data)) await once(stream, 'drain');
}
