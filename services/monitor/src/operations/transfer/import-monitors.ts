import { type FieldProblem, valueProblems } from '@app/kit';
import type { FastifyRequest } from 'fastify';
import { Value } from 'typebox/value';
import { monitorChanged } from '../../engine/locations/monitor-changes.js';
import {
  type LocationInput,
  locationColumns,
  locationProblems,
  saveLocationRows,
} from '../../engine/locations/monitor-locations.js';
import { MonitorBody } from '../../engine/monitors/monitor-body.js';
import {
  configColumns,
  type MonitorConfig,
  type MonitorInput,
  withDefaults,
} from '../../engine/monitors/monitor-input.js';
import {
  importCredentials,
  type StoredSecrets,
  sealSecrets,
  splitSecrets,
} from '../../engine/monitors/monitor-secrets.js';
import { newHeartbeatToken, newMonitorRow, storedSecrets } from '../../engine/monitors/monitors-service.js';
import { validateMonitor } from '../../engine/monitors/validate-monitor.js';
import { errors } from '../../errors.js';
import { type AuditDeps, audited } from '../../platform/audit/audit.js';
import { LOCAL_LOCATION_ID } from '../../shared-types/location-ids.js';
import { importLookupRepo } from '../../store/repos/import-lookup-repo.js';
import { locationsRepo } from '../../store/repos/locations-repo.js';
import { monitorChannelsRepo } from '../../store/repos/monitor-channels-repo.js';
import { type MonitorRow, monitorsRepo } from '../../store/repos/monitors-repo.js';
import type { Db } from '../../store/schema.js';
import { type ParsedPlacement, PlacementWriter, parsePlacement } from './portable-groups.js';
import type { PortableMonitor } from './portable-monitor.js';

/**
 * What an import uses: the database, the key that seals the monitors' credentials, and what a
 * monitor change is told to (monitorChanged's own deps, so the two cannot drift apart).
 */
export type ImportDeps = AuditDeps & { keys: { encryption: Buffer } } & Parameters<typeof monitorChanged>[0];

/** More than this in one document is refused: split it. */
export const MAX_IMPORT = 10_000;

/**
 * What to do with an entry whose name a monitor here already has. `skip_existing` is the default:
 * re-importing the same file then changes nothing instead of duplicating every monitor.
 */
export const IMPORT_MODES = ['skip_existing', 'update_by_name', 'keep_both'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

/** One entry of a preview: `existing` means a monitor here has its name. */
export interface PreviewEntry {
  index: number;
  name: string | null;
  status: 'new' | 'existing' | 'invalid';
  existing_ids: number[];
  errors: FieldProblem[];
}

// Ids mean nothing on another instance: group and tags travel by path and name (portable-groups.ts).
const NOT_CONFIG = new Set(['channel_ids', 'group_id', 'tags']);
const CONFIG_KEYS = Object.keys(MonitorBody.properties).filter((k) => !NOT_CONFIG.has(k));
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

interface Parsed {
  input: MonitorInput & LocationInput;
  channels: string[];
  paused: boolean;
  reminder: number | null;
  placement: ParsedPlacement;
}

/** Validates one entry exactly as POST /api/monitors would, after dropping unknown and runtime keys. */
function parseEntry(raw: unknown, at: string, problems: FieldProblem[]): Parsed | null {
  if (!isObject(raw)) {
    problems.push({ path: at, message: 'must be an object' });
    return null;
  }
  const picked = Object.fromEntries(CONFIG_KEYS.filter((k) => k in raw).map((k) => [k, raw[k]]));
  const before = problems.length;
  const placement = parsePlacement(raw, at, problems);
  if (!Value.Check(MonitorBody, picked)) {
    for (const p of valueProblems(MonitorBody, picked)) {
      problems.push({ path: p.path ? `${at}.${p.path}` : at, message: p.message });
    }
  }
  const channels = raw.channels ?? [];
  if (!Array.isArray(channels) || !channels.every((c) => typeof c === 'string')) {
    problems.push({ path: `${at}.channels`, message: 'must be a list of channel names' });
  }
  const paused = raw.paused ?? false;
  if (typeof paused !== 'boolean') problems.push({ path: `${at}.paused`, message: 'must be true or false' });
  const reminder = raw.reminder_interval_minutes ?? null;
  if (
    reminder !== null &&
    !(Number.isInteger(reminder) && (reminder as number) >= 1 && (reminder as number) <= 10080)
  ) {
    problems.push({
      path: `${at}.reminder_interval_minutes`,
      message: 'must be null or whole minutes from 1 to 10080',
    });
  }
  if (problems.length > before) return null;
  const input = picked as MonitorInput;
  for (const p of validateMonitor(withDefaults(input)))
    problems.push({ path: `${at}.${p.path}`, message: p.message });
  if (problems.length > before) return null;
  return {
    input,
    channels: channels as string[],
    paused: paused as boolean,
    reminder: reminder as number | null,
    placement,
  };
}

/** An entry's locations: those of the file, or `["local"]` (files from before issue 13). */
function locationsOf(p: Parsed): { ids: string[]; quorum: number | null } {
  return { ids: p.input.location_ids ?? [LOCAL_LOCATION_ID], quorum: p.input.quorum ?? null };
}

/** The monitor list of a document (or a bare array), refusing other shapes and oversized files. */
function entriesOf(doc: unknown): unknown[] {
  const list = Array.isArray(doc) ? doc : isObject(doc) ? doc.monitors : undefined;
  if (!Array.isArray(list)) {
    throw errors.validation_failed(
      'Send an export document {version, monitors: [...]} or an array of monitors.',
      {
        errors: [{ path: 'monitors', message: 'must be an array of monitors' }],
      },
    );
  }
  if (list.length > MAX_IMPORT) {
    throw errors.validation_failed(`At most ${MAX_IMPORT} monitors per import.`, {
      errors: [{ path: 'monitors', message: `must hold at most ${MAX_IMPORT} monitors` }],
    });
  }
  return list;
}

/** Validates every entry and matches it by name against the monitors here; writes nothing. */
async function plan(deps: Pick<ImportDeps, 'db'>, doc: unknown) {
  const list = entriesOf(doc);
  const problems: FieldProblem[] = [];
  const parsed = list.map((raw, i) => parseEntry(raw, `monitors.${i}`, problems));
  // Locations travel by id: an id that does not exist here is named, as the API would.
  const known = new Set((await locationsRepo.list(deps.db)).map((l) => l.id));
  parsed.forEach((p, i) => {
    if (!p) return;
    const { ids, quorum } = locationsOf(p);
    problems.push(
      ...locationProblems(ids, quorum, withDefaults(p.input).monitor_type, known, `monitors.${i}.`),
    );
  });
  const byName = new Map<string, number[]>();
  for (const m of await importLookupRepo.monitorNames(deps.db))
    byName.set(m.name, [...(byName.get(m.name) ?? []), m.id]);
  const entries: PreviewEntry[] = list.map((raw, i) => {
    const own = problems.filter((p) => p.path === `monitors.${i}` || p.path.startsWith(`monitors.${i}.`));
    const name = isObject(raw) && typeof raw.name === 'string' ? raw.name : null;
    const existing = name === null ? [] : (byName.get(name) ?? []);
    const status = own.length > 0 ? 'invalid' : existing.length > 0 ? 'existing' : 'new';
    return { index: i, name, status, existing_ids: existing, errors: own };
  });
  return { list, parsed, problems, entries };
}

/**
 * What an import of `doc` would do, without writing: per entry new, existing (a monitor here has
 * its name) or invalid with its errors, and the counts. Invalid entries are reported, not refused,
 * so the dashboard can show them before the user decides.
 */
export async function previewImport(deps: Pick<ImportDeps, 'db'>, doc: unknown) {
  const { entries } = await plan(deps, doc);
  const count = (s: PreviewEntry['status']) => entries.filter((e) => e.status === s).length;
  return {
    total: entries.length,
    new: count('new'),
    existing: count('existing'),
    invalid: count('invalid'),
    entries,
  };
}

/**
 * Imports monitors from an export document (or a bare array): every entry is validated first and
 * if any fails nothing is written and the 422 names each failing index. An entry whose name a
 * monitor here has is skipped (`skip_existing`), replaces that monitor's configuration
 * (`update_by_name`, which needs exactly one monitor of that name), or is created beside it
 * (`keep_both`). Channels are linked by name; names that do not exist here are listed in `warnings`.
 */
export async function importMonitors(deps: ImportDeps, req: FastifyRequest, doc: unknown, mode: ImportMode) {
  const { list, parsed, problems, entries } = await plan(deps, doc);
  if (mode === 'update_by_name') {
    const claimed = new Map<number, number>();
    for (const e of entries) {
      if (e.status !== 'existing') continue;
      if (e.existing_ids.length > 1) {
        problems.push({
          path: `monitors.${e.index}.name`,
          message: `${e.existing_ids.length} monitors here are named "${e.name}"; update by name needs exactly one`,
        });
      } else if (claimed.has(e.existing_ids[0]!)) {
        problems.push({
          path: `monitors.${e.index}.name`,
          message: `entry ${claimed.get(e.existing_ids[0]!)} of this file already updates "${e.name}"`,
        });
      } else claimed.set(e.existing_ids[0]!, e.index);
    }
  }
  if (problems.length > 0) {
    const bad = new Set(problems.map((p) => p.path.split('.')[1])).size;
    throw errors.validation_failed(`${bad} of ${list.length} monitors are invalid; nothing was imported.`, {
      errors: problems,
    });
  }
  const channelIds = new Map((await importLookupRepo.channelNames(deps.db)).map((c) => [c.name, c.id]));
  const warnings: string[] = [];
  const outcome = { created: 0, updated: 0, skipped: 0 };
  const rows = await audited(deps, req, async (trx) => {
    const placements = new PlacementWriter(trx);
    const out: MonitorRow[] = [];
    const now = Date.now();
    for (const [i, p] of (parsed as Parsed[]).entries()) {
      const entry = entries[i]!;
      if (entry.status === 'existing' && mode === 'skip_existing') {
        outcome.skipped++;
        continue;
      }
      const c = withDefaults(p.input);
      // An export holds masks, not credentials: a mask is kept only where update by name finds the
      // same credential stored for the same origin; every other one is left out and named.
      const credentials = (stored: StoredSecrets | null) => {
        const { config, dropped } = importCredentials(c, stored);
        for (const f of dropped) warnings.push(`monitors.${i}: ${f} was masked in the file; enter it again`);
        return splitSecrets(config);
      };
      let row: MonitorRow;
      if (entry.status === 'existing' && mode === 'update_by_name') {
        const old = (await monitorsRepo.byId(trx, entry.existing_ids[0]!))!;
        const s = credentials(storedSecrets(deps.keys.encryption, old));
        row = await replaceMonitor(trx, old, s, sealSecrets(deps.keys.encryption, s.secrets), p, now);
        outcome.updated++;
      } else {
        const s = credentials(null);
        row = await monitorsRepo.insert(trx, {
          ...newMonitorRow(
            deps.keys.encryption,
            s,
            { paused: p.paused, reminder_interval_minutes: p.reminder },
            now,
          ),
          ...locationColumns(locationsOf(p)),
        });
        outcome.created++;
      }
      const ids: number[] = [];
      for (const name of p.channels) {
        const id = channelIds.get(name);
        if (id === undefined)
          warnings.push(`monitors.${i}: channel "${name}" does not exist here; not linked`);
        else ids.push(id);
      }
      await monitorChannelsRepo.set(trx, row.id, ids);
      await saveLocationRows(trx, row.id, { ids: [...new Set(locationsOf(p).ids)] });
      await placements.apply(
        row.id,
        p.placement,
        !(entry.status === 'existing' && mode === 'update_by_name'),
      );
      out.push(row);
    }
    const detail = {
      imported: out.length,
      mode,
      ...outcome,
      names: out.map((r) => r.name),
      groups_created: placements.created.groups,
      tags_created: placements.created.tags,
    };
    return [out, { action: 'monitor.import', resource_type: 'monitor', resource_id: null, detail }];
  });
  for (const r of rows) monitorChanged(deps, r);
  return { imported: rows.length, ids: rows.map((r) => r.id), mode, ...outcome, warnings };
}

/**
 * update_by_name: the file's configuration replaces the monitor's, as PUT would; its history,
 * heartbeat token and status stay, except that the file's paused flag is applied.
 */
async function replaceMonitor(
  trx: Db,
  old: MonitorRow,
  s: { config: MonitorConfig },
  secrets: string | null,
  p: Parsed,
  now: number,
) {
  const c = s.config;
  const wasPaused = old.paused === 1;
  const r = await monitorsRepo.update(trx, old.id, {
    ...configColumns(c),
    secrets,
    heartbeat_token:
      c.monitor_type === 'heartbeat' ? (old.heartbeat_token ?? newHeartbeatToken()) : old.heartbeat_token,
    reminder_interval_minutes: p.reminder,
    ...locationColumns({ ids: [...new Set(locationsOf(p).ids)], quorum: locationsOf(p).quorum }),
    ...(p.paused !== wasPaused && {
      paused: p.paused ? 1 : 0,
      current_status: p.paused ? ('paused' as const) : ('pending' as const),
      consecutive_failures: 0,
    }),
    updated_at: Math.max(now, old.updated_at + 1),
  });
  return r!;
}

export type { PortableMonitor };
