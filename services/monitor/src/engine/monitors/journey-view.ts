import { SECRET_MASK } from '../../platform/crypto/secret-box.js';
import type { JourneyStep } from '../checks/index.js';

// A value made of `{{variables}}` alone (and blanks) says nothing secret: it names where it comes from.
const ONLY_VARIABLES = /^(\s*\{\{[^{}]+\}\}\s*)+$/;
const masked = (v: string | null | undefined) => (v && !ONLY_VARIABLES.test(v) ? SECRET_MASK : v);

/**
 * A journey as a role below admin reads it (issue 32: scripts are code). The script reads as the
 * mask, as credentials do: its text, and whatever it holds, is for admins. Steps stay readable, but
 * what a step types (`fill`) and a multistep step's header values read as the mask unless they are
 * only `{{variables}}` (the monitor's credentials, captures): where a literal secret would sit.
 */
export function journeyForViewers<T extends { script?: string | null; steps?: JourneyStep[] | null }>(
  view: T,
): T {
  if (!view.script && !view.steps) return view;
  return {
    ...view,
    script: view.script ? SECRET_MASK : view.script,
    steps:
      view.steps?.map((s) => ({
        ...s,
        ...(s.action === 'fill' && { value: masked(s.value) }),
        ...(s.headers && {
          headers: Object.fromEntries(Object.entries(s.headers).map(([k, v]) => [k, masked(v) ?? v])),
        }),
      })) ?? view.steps,
  };
}
