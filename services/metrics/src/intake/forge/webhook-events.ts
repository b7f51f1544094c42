// What the service reads of GitHub's push and pull_request payloads: the repository, the commit to
// analyse and the commit its new code is measured against.

/** An analysis a webhook asks for; null fields are absent in the event. */
export interface ForgeRequest {
  owner: string;
  repo: string;
  head: string;
  /** The commit new code is measured against (the push's `before`, the pull request's base). */
  base: string | null;
  pr: number | null;
}

const SHA = /^[0-9a-f]{40}$/;
const ZERO = /^0{40}$/;
const PR_ACTIONS = new Set(['opened', 'synchronize', 'reopened']);

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' ? (v as Obj) : {});
const str = (v: unknown) => (typeof v === 'string' ? v : null);

function repoOf(payload: Obj): { owner: string; repo: string } | null {
  const full = str(obj(payload.repository).full_name);
  const m = full ? /^([^/]+)\/([^/]+)$/.exec(full) : null;
  return m ? { owner: m[1] as string, repo: m[2] as string } : null;
}

/** The analysis an event asks for, or a reason it asks for none. */
export function requestOf(event: string, payload: Obj): ForgeRequest | { ignored: string } {
  const where = repoOf(payload);
  if (!where) return { ignored: 'the payload names no repository' };
  if (event === 'push') {
    const head = str(payload.after);
    if (!head || !SHA.test(head) || ZERO.test(head)) return { ignored: 'a deleted ref' };
    const before = str(payload.before);
    return {
      ...where,
      head,
      base: before && SHA.test(before) && !ZERO.test(before) ? before : null,
      pr: null,
    };
  }
  if (event === 'pull_request') {
    const action = str(payload.action);
    if (!action || !PR_ACTIONS.has(action)) return { ignored: `pull_request action ${action ?? '?'}` };
    const pr = obj(payload.pull_request);
    const head = str(obj(pr.head).sha);
    const base = str(obj(pr.base).sha);
    const number = typeof payload.number === 'number' ? payload.number : pr.number;
    if (!head || !SHA.test(head) || typeof number !== 'number')
      return { ignored: 'no head commit or number' };
    return { ...where, head, base: base && SHA.test(base) ? base : null, pr: number };
  }
  return { ignored: `event ${event}` };
}
