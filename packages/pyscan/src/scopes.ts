// Which def or class each indexed node belongs to, as radon's visitors see it.
// radon never looks at a def's decorators, parameters or annotations; its complexity visitor skips
// a class's decorators and bases too, and everything inside an assert; its Halstead visitor does
// visit a class's decorators and bases. A node's Halstead context is the innermost def whose body
// holds it.
import type { SyntaxIndex } from './tree.js';

/** Owner value for code at module level. */
export const MODULE = -1;
/** Owner value for code the visitor never looks at. */
export const UNSEEN = -2;

/** Per-node ownership and per-def body positions. */
export interface Scopes {
  /** Innermost def/class whose body holds the node (MODULE, or UNSEEN for skipped code), for complexity. */
  ccOwner: Int32Array;
  /** Innermost def whose body holds the node (MODULE, or UNSEEN), for Halstead. */
  halCtx: Int32Array;
  /** For a def or class: index of its body block, or -1. */
  body: Int32Array;
}

function isDef(type: string | undefined): boolean {
  return type === 'function_definition' || type === 'class_definition';
}

/** Computes ownership for every indexed node in one pre-order pass. */
export function computeScopes(ix: SyntaxIndex): Scopes {
  const n = ix.count;
  const ccOwner = new Int32Array(n);
  const halCtx = new Int32Array(n);
  const body = new Int32Array(n).fill(-1);
  // The definition inside each decorated_definition (its last indexed child that is a def/class).
  const decorated = new Int32Array(n).fill(-1);
  for (let i = 0; i < n; i++) {
    const p = ix.parent[i] ?? -1;
    if (p < 0) continue;
    const pt = ix.type[p];
    if (isDef(pt) && ix.type[i] === 'block') body[p] = i;
    if (pt === 'decorated_definition' && isDef(ix.type[i])) decorated[p] = i;
  }
  for (let i = 0; i < n; i++) {
    const p = ix.parent[i] ?? -1;
    if (p < 0) {
      ccOwner[i] = MODULE;
      halCtx[i] = MODULE;
      continue;
    }
    let cc = ccOwner[p] ?? MODULE;
    let hal = halCtx[p] ?? MODULE;
    const pt = ix.type[p];
    const start = ix.start[i] ?? 0;
    if (pt === 'function_definition' || pt === 'class_definition') {
      const b = body[p] ?? -1;
      const inBody = b >= 0 && start >= (ix.start[b] ?? 0);
      if (pt === 'function_definition') {
        cc = inBody ? p : UNSEEN;
        hal = inBody ? p : UNSEEN;
      } else {
        cc = inBody ? p : UNSEEN;
        hal = halCtx[p] ?? MODULE;
      }
    } else if (pt === 'decorated_definition') {
      const def = decorated[p] ?? -1;
      if (i !== def) {
        cc = UNSEEN;
        if (def >= 0 && ix.type[def] === 'function_definition') hal = UNSEEN;
      }
    } else if (pt === 'assert_statement') {
      cc = UNSEEN;
    }
    ccOwner[i] = cc;
    halCtx[i] = hal;
  }
  return { ccOwner, halCtx, body };
}
