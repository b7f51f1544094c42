import { type FieldProblem, fieldProblems } from '@app/kit';
import type { FastifyRequest } from 'fastify';
import { Value } from 'typebox/value';
import { MonitorBody } from '../api/monitors/schema.js';
import { audited } from '../audit/audit.js';
import type { AppContext } from '../context.js';
import { errors } from '../errors.js';
import { type MonitorInput, withDefaults } from '../monitors/monitor-input.js';
import { dropMasks, splitSecrets } from '../monitors/monitor-secrets.js';
import { newMonitorRow } from '../monitors/monitors-service.js';
import { validateMonitor } from '../monitors/validate-monitor.js';
import { monitorChannelsRepo } from '../store/repos/monitor-channels-repo.js';
import { type MonitorRow, monitorsRepo } from '../store/repos/monitors-repo.js';
import type { PortableMonitor } from './portable-monitor.js';

/** More than this in one document is refused: split it. */
export const MAX_IMPORT = 10_000;

const CONFIG_KEYS = Object.keys(MonitorBody.properties).filter((k) => k !== 'channel_ids');
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

interface Parsed {
  input: MonitorInput;
  channels: string[];
  paused: boolean;
  reminder: number | null;
}

/** Validates one entry exactly as POST /api/monitors would, after dropping unknown and runtime keys. */
function parseEntry(raw: unknown, at: string, problems: FieldProblem[]): Parsed | null {
  if (!isObject(raw)) {
    problems.push({ path: at, message: 'must be an object' });
    return null;
  }
  const picked = Object.fromEntries(CONFIG_KEYS.filter((k) => k in raw).map((k) => [k, raw[k]]));
  const before = problems.length;
  if (!Value.Check(MonitorBody, picked)) {
    for (const p of fieldProblems([...Value.Errors(MonitorBody, picked)])) {
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
  };
}

/**
 * Imports monitors from an export document (or a bare array): every entry is validated first and
 * if any fails nothing is written and the 422 names each failing index. Channels are linked by
 * name; names that do not exist here are listed in `warnings`.
 */
export async function importMonitors(ctx: AppContext, req: FastifyRequest, doc: unknown) {
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
  const problems: FieldProblem[] = [];
  const parsed = list.map((raw, i) => parseEntry(raw, `monitors.${i}`, problems));
  if (problems.length > 0) {
    const bad = new Set(problems.map((p) => p.path.split('.')[1])).size;
    throw errors.validation_failed(`${bad} of ${list.length} monitors are invalid; nothing was imported.`, {
      errors: problems,
    });
  }
  const channelIds = new Map(
    (await ctx.db.selectFrom('notification_channels').select(['id', 'name']).execute()).map((c) => [
      c.name,
      c.id,
    ]),
  );
  const warnings: string[] = [];
  const rows = await audited(ctx, req, async (trx) => {
    const out: MonitorRow[] = [];
    const now = Date.now();
    for (const [i, p] of (parsed as Parsed[]).entries()) {
      // An export holds masks, not credentials: those are left out and named (monitor-secrets.ts).
      const { config, dropped } = dropMasks(withDefaults(p.input));
      for (const f of dropped) warnings.push(`monitors.${i}: ${f} was masked in the file; enter it again`);
      const row = await monitorsRepo.insert(
        trx,
        newMonitorRow(
          ctx.keys.encryption,
          splitSecrets(config),
          { paused: p.paused, reminder_interval_minutes: p.reminder },
          now,
        ),
      );
      const ids: number[] = [];
      for (const name of p.channels) {
        const id = channelIds.get(name);
        if (id === undefined)
          warnings.push(`monitors.${i}: channel "${name}" does not exist here; not linked`);
        else ids.push(id);
      }
      await monitorChannelsRepo.set(trx, row.id, ids);
      out.push(row);
    }
    const detail = { imported: out.length, names: out.map((r) => r.name) };
    return [out, { action: 'monitor.import', resource_type: 'monitor', resource_id: null, detail }];
  });
  for (const r of rows) ctx.engine.apply(r);
  return { imported: rows.length, ids: rows.map((r) => r.id), warnings };
}

export type { PortableMonitor };
