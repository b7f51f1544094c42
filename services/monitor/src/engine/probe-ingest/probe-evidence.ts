import type { ProbeResult } from '../../shared-types/probe-protocol.js';
import { evidenceStore } from '../checks/index.js';

// What a file must start with to be kept as what it claims to be.
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

function keep(base64: string | undefined, magic: Buffer, ext: 'png' | 'zip'): string | null {
  if (!base64) return null;
  const bytes = Buffer.from(base64, 'base64');
  return bytes.subarray(0, magic.length).equals(magic) ? evidenceStore().save(bytes, ext) : null;
}

/**
 * The details to store with a probe's journey result (issue 32), as JSON, or null for other results.
 * Its screenshot and trace become files of this instance's evidence store (its size cap and
 * retention apply), under names of its own: whatever names the probe sent are ignored, so a probe
 * can never point a result at another result's files.
 */
export function keepProbeDetails(r: ProbeResult): string | null {
  if (!r.details) return null;
  return JSON.stringify({
    ...r.details,
    screenshot: keep(r.evidence?.screenshot, PNG, 'png'),
    trace: keep(r.evidence?.trace, ZIP, 'zip'),
  });
}
