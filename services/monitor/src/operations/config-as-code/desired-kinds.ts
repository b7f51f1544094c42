import type { FieldProblem } from '@app/kit';
import { repeatCount, stepOrderProblems } from '../../alerting/escalation/policy-input.js';
import { windowProblems } from '../../alerting/maintenance/maintenance-service.js';
import type { TemplateEvent } from '../../alerting/templates/template-events.js';
import { templateProblems } from '../../alerting/templates/validate-template.js';
import { PROBE_TOKEN_FORM, probeTokenOf } from '../../identity/auth/probe-token.js';
import { LOCAL_LOCATION_ID } from '../../shared-types/location-ids.js';
import { layoutProblems } from '../../shared-types/status-page-layout.js';
import type { ConfigFile } from './config-document.js';
import { hasReference, REF_FORM, resolveReferences } from './env-refs.js';
import { keysOnce, missingRef, namesOnce } from './file-keys.js';

// Templates, escalation policies, maintenance windows, status pages and locations of a file,
// compiled as desired-state.ts compiles the older kinds: references checked against the file's
// keys, each entry checked by its domain's own rules, problems named by document path.

export interface DesiredLocation {
  key: string;
  at: string;
  name: string;
  region: string | null;
  heartbeat_seconds: number;
  /** The probe token's stored parts when the file sets one; null: the token is not the file's. */
  token: { prefix: string; hash: string } | null;
}
export interface DesiredTemplate {
  key: string;
  at: string;
  channel: string;
  event: TemplateEvent;
  title: string;
  body: string;
}
export interface DesiredStep {
  after_minutes: number;
  channels: string[];
  user_ids: number[];
  schedule_ids: number[];
}
export interface DesiredPolicy {
  key: string;
  at: string;
  name: string;
  steps: DesiredStep[];
  repeat_count: number | null;
}
export interface DesiredWindow {
  key: string;
  at: string;
  name: string;
  starts_at: string;
  ends_at: string | null;
  monitors: string[];
  recurrence: { cron: string; duration_minutes: number } | null;
  timezone: string;
  is_active: boolean;
}
export interface DesiredPage {
  key: string;
  at: string;
  slug: string;
  title: string;
  description: string | null;
  footer: string | null;
  sections: { name: string; monitors: string[] }[];
  uptime_days: number;
  is_public: boolean;
}
export interface DesiredKinds {
  locations: DesiredLocation[];
  templates: DesiredTemplate[];
  policies: DesiredPolicy[];
  maintenance: DesiredWindow[];
  statusPages: DesiredPage[];
}

const sorted = <T>(list: readonly T[]) => [...list].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
/** A time as the API writes it, so a plan compares `2030-01-01T00:00:00Z` and `...00.000Z` as equal. */
const isoOf = (s: string) => new Date(Date.parse(s)).toISOString();
const prefixed = (at: string, found: readonly FieldProblem[]) =>
  found.map((p) => ({ path: `${at}.${p.path}`, message: p.message }));

function compileLocation(
  l: NonNullable<ConfigFile['locations']>[number],
  at: string,
  env: Readonly<Record<string, string>>,
  problems: FieldProblem[],
): DesiredLocation | null {
  const before = problems.length;
  if (l.key === LOCAL_LOCATION_ID)
    problems.push({ path: `${at}.key`, message: 'is the built-in location: it cannot be declared' });
  let token: DesiredLocation['token'] = null;
  if (l.token !== undefined) {
    if (!hasReference(l.token)) {
      problems.push({
        path: `${at}.token`,
        message: `is a secret: write it as an ${REF_FORM} reference, never in the file`,
      });
    } else {
      const raw = resolveReferences(l.token, env, `${at}.token`, problems);
      if (problems.length === before && !PROBE_TOKEN_FORM.test(raw))
        problems.push({
          path: `${at}.token`,
          message: 'must be mon_probe_ and 32 to 200 letters, digits, - or _ (its value is not shown)',
        });
      const { prefix, hash } = probeTokenOf(raw);
      token = { prefix, hash };
    }
  }
  if (problems.length > before) return null;
  return {
    key: l.key,
    at,
    name: l.name,
    region: l.region ?? null,
    heartbeat_seconds: l.heartbeat_seconds ?? 10,
    token,
  };
}

function compilePolicy(
  p: NonNullable<ConfigFile['escalation_policies']>[number],
  at: string,
  channelKeys: Set<string>,
  problems: FieldProblem[],
): DesiredPolicy {
  p.steps.forEach((s, i) => {
    missingRef(s.channels, channelKeys, `${at}.steps.${i}.channels`, 'channel', problems);
  });
  problems.push(...prefixed(at, stepOrderProblems(p)));
  return {
    key: p.key,
    at,
    name: p.name.trim(),
    steps: p.steps.map((s) => ({
      after_minutes: s.after_minutes,
      channels: sorted(s.channels ?? []),
      user_ids: sorted(s.user_ids ?? []),
      schedule_ids: sorted(s.schedule_ids ?? []),
    })),
    repeat_count: repeatCount(p.repeat),
  };
}

function compileWindow(
  w: NonNullable<ConfigFile['maintenance']>[number],
  at: string,
  monitorKeys: Set<string>,
  problems: FieldProblem[],
): DesiredWindow {
  missingRef(w.monitors, monitorKeys, `${at}.monitors`, 'monitor', problems);
  problems.push(...prefixed(at, windowProblems(w)));
  const valid = (s: string | null | undefined) =>
    s == null || Number.isNaN(Date.parse(s)) ? null : isoOf(s);
  return {
    key: w.key,
    at,
    name: w.name,
    starts_at: valid(w.starts_at) ?? w.starts_at,
    ends_at: valid(w.ends_at),
    monitors: sorted(w.monitors ?? []),
    recurrence: w.recurrence ?? null,
    timezone: w.timezone ?? 'UTC',
    is_active: w.is_active ?? true,
  };
}

function compilePage(
  p: NonNullable<ConfigFile['status_pages']>[number],
  at: string,
  monitorKeys: Set<string>,
  problems: FieldProblem[],
): DesiredPage {
  const sections = p.sections ?? [];
  sections.forEach((s, i) => {
    missingRef(s.monitors, monitorKeys, `${at}.sections.${i}.monitors`, 'monitor', problems);
  });
  problems.push(
    ...prefixed(
      at,
      layoutProblems(sections.map((s, i) => ({ monitors: s.monitors, path: `sections.${i}.monitors` }))),
    ),
  );
  return {
    key: p.key,
    at,
    slug: p.slug,
    title: p.title,
    description: p.description ?? null,
    footer: p.footer ?? null,
    sections: sections.map((s) => ({ name: s.name, monitors: [...s.monitors] })),
    uptime_days: p.uptime_days ?? 90,
    is_public: p.is_public ?? false,
  };
}

/** The five kinds of the file as the server should hold them; problems go to `problems`. */
export function compileKinds(
  file: ConfigFile,
  env: Readonly<Record<string, string>>,
  keys: { monitors: Set<string>; channels: Set<string> },
  problems: FieldProblem[],
): DesiredKinds {
  const fileLocations = file.locations ?? [];
  const fileTemplates = file.templates ?? [];
  const filePolicies = file.escalation_policies ?? [];
  const fileWindows = file.maintenance ?? [];
  const filePages = file.status_pages ?? [];
  keysOnce(fileLocations, 'locations', problems);
  keysOnce(fileTemplates, 'templates', problems);
  keysOnce(filePolicies, 'escalation_policies', problems);
  keysOnce(fileWindows, 'maintenance', problems);
  keysOnce(filePages, 'status_pages', problems);
  namesOnce(filePolicies, 'escalation_policies', problems);
  namesOnce(filePages, 'status_pages', problems, 'slug');
  namesOnce(
    fileTemplates.map((t) => ({ event: `${t.channel} ${t.event}` })),
    'templates',
    problems,
    'event',
  );
  const locations = fileLocations
    .map((l, i) => compileLocation(l, `locations.${i}`, env, problems))
    .filter((l): l is DesiredLocation => l !== null);
  const templates = fileTemplates.map((t, i) => {
    const at = `templates.${i}`;
    if (!keys.channels.has(t.channel))
      problems.push({ path: `${at}.channel`, message: `no channel of this file has the key "${t.channel}"` });
    problems.push(
      ...prefixed(at, [...templateProblems('title', t.title), ...templateProblems('body', t.body)]),
    );
    return { key: t.key, at, channel: t.channel, event: t.event, title: t.title, body: t.body };
  });
  return {
    locations,
    templates,
    policies: filePolicies.map((p, i) =>
      compilePolicy(p, `escalation_policies.${i}`, keys.channels, problems),
    ),
    maintenance: fileWindows.map((w, i) => compileWindow(w, `maintenance.${i}`, keys.monitors, problems)),
    statusPages: filePages.map((p, i) => compilePage(p, `status_pages.${i}`, keys.monitors, problems)),
  };
}
