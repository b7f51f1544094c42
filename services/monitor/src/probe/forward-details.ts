import { readFileSync, rmSync } from 'node:fs';
import { type CheckDetails, evidenceStore } from '../engine/checks/index.js';
import { MAX_FORWARDED_STEPS, type ProbeResult } from '../shared-types/probe-protocol.js';

/**
 * What a probe sends of a journey's record (issue 32): the details without its own file names, and
 * the failure's screenshot and trace themselves (base64), which then leave the probe's disk: the
 * central instance keeps them, under its retention, and serves them as it does its own. The files
 * were capped when written (PROBE_EVIDENCE_MAX_KB), so a result stays well inside a batch.
 */
export function forwardDetails(details: CheckDetails): Pick<ProbeResult, 'details' | 'evidence'> {
  const { screenshot, trace, ...rest } = details;
  const store = evidenceStore();
  // Files no result names (an earlier screenshot step's) go after a day; looked for once an hour.
  store.prune();
  const evidence: NonNullable<ProbeResult['evidence']> = {};
  for (const [kind, name] of [
    ['screenshot', screenshot],
    ['trace', trace],
  ] as const) {
    const path = name ? store.pathOf(name) : null;
    if (!path) continue;
    try {
      evidence[kind] = readFileSync(path).toString('base64');
    } catch {
      // pruned meanwhile: the result goes without it
    }
    rmSync(path, { force: true });
  }
  // Within the central instance's bounds (api/probe/schema.ts): a refused result would cost its batch.
  const steps = rest.steps.slice(0, MAX_FORWARDED_STEPS).map((st) => ({
    ...st,
    name: st.name.slice(0, 300),
    ...(st.error && { error: st.error.slice(0, 2000) }),
  }));
  const forwarded = { ...rest, steps, final_url: rest.final_url?.slice(0, 4096) ?? null };
  return { details: forwarded, ...(Object.keys(evidence).length > 0 && { evidence }) };
}
