import { createHmac } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { FieldProblem } from '@app/kit';
import { LOCAL_LOCATION_ID } from '../../shared-types/location-ids.js';
import { type ConfigKind, type ConfigState, configStateRepo } from '../../store/repos/config-state-repo.js';
import type { Db } from '../../store/schema.js';
import type { ConfigFile } from './config-document.js';
import {
  type Comparable,
  currentComparables,
  desiredComparables,
  stateDigest,
  type View,
} from './current-state.js';
import { compileDesired, type DesiredState } from './desired-state.js';
import { isVariableName } from './env-refs.js';
import { parseConfigFile, refuse } from './parse-document.js';
import { clashes } from './plan-clashes.js';
import {
  currentKindComparables,
  desiredKindComparables,
  type Id,
  type KindIds,
  type KindRow,
  kindRows,
  matchKind,
  nameOf,
} from './state-kinds.js';
import { unchangedMonitorTest } from './unchanged-monitors.js';

/** The order a plan lists (and an apply creates) kinds in: what others refer to first. */
export const KINDS: readonly ConfigKind[] = [
  'location',
  'group',
  'tag',
  'channel',
  'template',
  'escalation_policy',
  'monitor',
  'maintenance',
  'status_page',
];

/**
 * One field of a change. `secret: true`: a credential was set, changed or removed; its values are
 * never in a plan, a log or the audit log.
 */
export interface FieldChange {
  field: string;
  before?: unknown;
  after?: unknown;
  secret?: true;
}
export interface Change {
  kind: ConfigKind;
  key: string;
  name: string;
  action: 'create' | 'update' | 'delete';
  /** A location's id is its slug; a template's is `<channel id>/<event>`. */
  id: Id | null;
  fields: FieldChange[];
}
export interface PlanSummary {
  create: number;
  update: number;
  delete: number;
  unchanged: number;
  /** Objects here that the file does not name and that are left alone (not managed, or no prune). */
  left_alone: number;
}
export interface Plan {
  fingerprint: string;
  prune: boolean;
  summary: PlanSummary;
  changes: Change[];
}

/** What a plan or an apply is asked: the file (YAML text or parsed), the variables it refers to, prune. */
export interface ConfigRequest {
  document: unknown;
  env?: Record<string, string> | undefined;
  prune?: boolean | undefined;
}

export interface PlanDeps {
  keys: { encryption: Buffer };
}

/** A plan with what an apply needs to carry it out. */
export interface PlanWork {
  plan: Plan;
  desired: DesiredState;
  state: ConfigState;
  /** Per kind, file key → the id of the object it stands for (absent: to be created). */
  ids: KindIds;
}

const isEmpty = (v: unknown) =>
  v === null ||
  v === undefined ||
  v === false ||
  (Array.isArray(v) && v.length === 0) ||
  (typeof v === 'object' && v !== null && Object.keys(v).length === 0);

// Values here are JSON data (from a file or a row): equal as JSON is equal, and quicker to ask for
// 5,000 monitors of 40 fields than a general deep comparison.
const same = (a: unknown, b: unknown) =>
  a === b ||
  (typeof a === 'object' && typeof b === 'object' && a !== null && b !== null && isDeepStrictEqual(a, b));

function diff(before: Comparable, after: Comparable): FieldChange[] {
  const out: FieldChange[] = [];
  for (const f of new Set([...Object.keys(after.view), ...Object.keys(before.view)])) {
    if (!same(before.view[f], after.view[f]))
      out.push({ field: f, before: before.view[f] ?? null, after: after.view[f] ?? null });
  }
  for (const f of new Set([...Object.keys(after.secrets), ...Object.keys(before.secrets)])) {
    if (before.secrets[f] !== after.secrets[f]) out.push({ field: f, secret: true });
  }
  return out;
}

const created = (c: Comparable): FieldChange[] => [
  ...Object.entries(c.view as View)
    .filter(([, v]) => !isEmpty(v))
    .map(([field, after]) => ({ field, after })),
  ...Object.keys(c.secrets).map((field) => ({ field, secret: true as const })),
];

/** Every row a file may name, by kind, as a plan matches them (old kinds keyed `<kind>-<id>`). */
function allRows(state: ConfigState): Record<ConfigKind, KindRow[]> {
  const keyed = (
    kind: ConfigKind,
    list: { id: number; name: string; config_key: string | null; managed: number }[],
  ) =>
    list.map((r) => ({
      id: r.id,
      name: r.name,
      config_key: r.config_key,
      managed: r.managed,
      generated: `${kind}-${r.id}`,
    }));
  return {
    ...kindRows(state),
    group: keyed('group', state.groups),
    tag: keyed('tag', state.tags),
    channel: keyed('channel', state.channels),
    monitor: keyed('monitor', state.monitors),
  };
}

/** The file checked and compiled, or a 422 naming each problem by its position. */
export function compileRequest(req: ConfigRequest, deps: PlanDeps, state: ConfigState) {
  const file: ConfigFile = parseConfigFile(req.document);
  const env = req.env ?? {};
  const bad: FieldProblem[] = Object.keys(env)
    .filter((k) => !isVariableName(k) || typeof env[k] !== 'string')
    .map((k) => ({ path: `env.${k}`, message: 'must be a variable name with a text value' }));
  if (bad.length > 0) refuse(bad);
  // A location this apply prunes is no longer there for a monitor to name.
  const declared = new Set((file.locations ?? []).map((l) => l.key));
  const known = new Set([
    LOCAL_LOCATION_ID,
    ...state.locations.filter((l) => !(req.prune && l.managed === 1 && !declared.has(l.id))).map((l) => l.id),
  ]);
  const { desired, problems } = compileDesired(file, env, deps.keys.encryption, known);
  if (problems.length > 0) refuse(problems);
  return desired;
}

/**
 * What applying the file would change, reading `db` (the apply's transaction, or the database for
 * a plan) and writing nothing. The fingerprint is a keyed hash of the server's configuration and
 * of the compiled file: an apply recomputes it and refuses when it differs from the plan's.
 */
export async function planConfig(deps: PlanDeps, db: Db, req: ConfigRequest): Promise<PlanWork> {
  const state = await configStateRepo.load(db);
  const desired = compileRequest(req, deps, state);
  const prune = req.prune === true;
  const want = { ...desiredComparables(desired), ...desiredKindComparables(desired) };
  const rows = allRows(state);
  const ids = {} as Record<ConfigKind, Map<string, Id>>;
  const keyById = {} as Record<ConfigKind, Map<Id, string>>;
  for (const kind of KINDS) {
    const matched = matchKind(rows[kind], want[kind], kind !== 'template');
    ids[kind] = new Map([...matched].map(([k, r]) => [k, r.id]));
    keyById[kind] = new Map([...matched].map(([k, r]) => [r.id, k]));
  }
  await clashes(db, desired, state, ids as KindIds);
  const ownKeys = Object.fromEntries(
    KINDS.map((k) => [k, new Map(rows[k].map((r) => [r.id, r.config_key]))]),
  ) as Record<ConfigKind, Map<Id, string | null>>;
  const keyOf = (kind: ConfigKind, id: number) => keyById[kind].get(id) ?? ownKeys[kind].get(id) ?? `#${id}`;
  const have = {
    ...currentComparables(state, deps.keys.encryption, keyOf),
    ...currentKindComparables(state, keyOf),
  } as Record<ConfigKind, Map<Id, Comparable>>;
  const changes: Change[] = [];
  const summary: PlanSummary = { create: 0, update: 0, delete: 0, unchanged: 0, left_alone: 0 };
  const unchangedMonitor = unchangedMonitorTest(state, ids as KindIds);
  const desiredMonitors = new Map(desired.monitors.map((m) => [m.key, m]));
  const monitorRows = new Map(state.monitors.map((r) => [r.id, r]));
  for (const kind of KINDS) {
    const meta = new Map(rows[kind].map((r) => [r.id, r]));
    for (const [key, target] of want[kind]) {
      const id = ids[kind].get(key);
      if (id === undefined) {
        changes.push({
          kind,
          key,
          name: nameOf(target.view),
          action: 'create',
          id: null,
          fields: created(target),
        });
        summary.create++;
        continue;
      }
      const row = meta.get(id)!;
      if (
        kind === 'monitor' &&
        row.config_key === key &&
        row.managed === 1 &&
        unchangedMonitor(desiredMonitors.get(key)!, monitorRows.get(id as number)!)
      ) {
        summary.unchanged++;
        continue;
      }
      const name = nameOf(target.view);
      let current = have[kind].get(id)!;
      // A location whose token the file does not set keeps its own: nothing to compare.
      if (kind === 'location' && !('token' in target.secrets)) current = { ...current, secrets: {} };
      const fields = diff(current, target);
      if (row.config_key !== key || row.managed !== 1) {
        fields.push({ field: 'managed', before: row.managed === 1 ? row.config_key : false, after: key });
      }
      if (fields.length > 0) {
        changes.push({ kind, key, name, action: 'update', id, fields });
        summary.update++;
      } else summary.unchanged++;
    }
    for (const [id, row] of meta) {
      if (keyById[kind].has(id)) continue;
      if (prune && row.managed === 1) {
        changes.push({
          kind,
          key: row.config_key ?? `#${id}`,
          name: kind === 'template' ? nameOf(have[kind].get(id)!.view) : row.name,
          action: 'delete',
          id,
          fields: [],
        });
        summary.delete++;
      } else summary.left_alone++;
    }
  }
  const fingerprint = createHmac('sha256', deps.keys.encryption)
    .update('config-plan\u0000')
    .update(JSON.stringify({ state: stateDigest(state), desired, prune }))
    .digest('hex');
  return { plan: { fingerprint, prune, summary, changes }, desired, state, ids: ids as KindIds };
}
