// An SLA report as GET /api/reports answers it (issue 34), and the shapes of schedules and share
// links. Formulas: docs/reports.md.
import { type Static, Type } from 'typebox';
import { IsoDateTime } from './schema-parts.js';

const Num = Type.Number();
const NullableNum = Type.Union([Type.Number(), Type.Null()]);

export const ReportScopeKind = Type.Union([
  Type.Literal('all'),
  Type.Literal('monitor'),
  Type.Literal('group'),
  Type.Literal('tag'),
  Type.Literal('status_page'),
]);
export type ReportScopeKind = Static<typeof ReportScopeKind>;

export const ReportIncident = Type.Object({
  id: Type.Integer(),
  severity: Type.String(),
  started_at: IsoDateTime,
  resolved_at: Type.Union([IsoDateTime, Type.Null()]),
  duration_seconds: NullableNum,
  acknowledged_at: Type.Union([IsoDateTime, Type.Null()]),
  time_to_acknowledge_seconds: NullableNum,
});

/** Check counts and the uptime they give, for a monitor or one of its locations. */
const CheckFigures = {
  checks: Num,
  maintenance_checks: Num,
  down_checks: Num,
  degraded_checks: Num,
  uptime_percent: Type.Union([Type.Number(), Type.Null()], { description: 'Maintenance excluded' }),
  uptime_with_maintenance_percent: NullableNum,
  degraded_percent: NullableNum,
};

export const ReportLocation = Type.Object({ id: Type.String(), name: Type.String(), ...CheckFigures });

export const ReportMonitor = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  monitor_type: Type.String(),
  sla_target_percent: Num,
  sla_met: Type.Union([Type.Boolean(), Type.Null()]),
  monitored_minutes: Num,
  maintenance_minutes: Num,
  ...CheckFigures,
  downtime_minutes: NullableNum,
  error_budget_minutes: NullableNum,
  error_budget_left_minutes: NullableNum,
  error_budget_left_percent: NullableNum,
  response_time_ms: Type.Object({ p50: NullableNum, p95: NullableNum, p99: NullableNum }),
  incidents: Type.Array(ReportIncident),
  mtta_seconds: NullableNum,
  mttr_seconds: NullableNum,
  locations: Type.Array(ReportLocation, {
    description: 'Per location, from the raw results kept (sources.raw_from onwards)',
  }),
});

export const SlaReport = Type.Object({
  scope: Type.Object({
    kind: ReportScopeKind,
    id: Type.Union([Type.Integer(), Type.Null()]),
    name: Type.String(),
  }),
  period: Type.Object({
    label: Type.String(),
    from: IsoDateTime,
    to: IsoDateTime,
    timezone: Type.String(),
  }),
  generated_at: IsoDateTime,
  sources: Type.Object({
    rollups_until: Type.Union([IsoDateTime, Type.Null()], {
      description: 'Daily roll-ups were read before this time, raw results from it on',
    }),
  }),
  summary: Type.Object({
    monitors: Type.Integer(),
    checks: Num,
    uptime_percent: NullableNum,
    uptime_with_maintenance_percent: NullableNum,
    downtime_minutes: Num,
    incidents: Type.Integer(),
    mtta_seconds: NullableNum,
    mttr_seconds: NullableNum,
    sla_met: Type.Integer({ description: 'Monitors meeting their target' }),
    sla_missed: Type.Integer(),
  }),
  monitors: Type.Array(ReportMonitor),
});

export type ReportIncident = Static<typeof ReportIncident>;
export type ReportLocation = Static<typeof ReportLocation>;
export type ReportMonitor = Static<typeof ReportMonitor>;
export type SlaReport = Static<typeof SlaReport>;

/** A read-only link as the admin API lists it: never its token, which is shown once at creation. */
export const ShareLink = Type.Object({
  id: Type.Integer(),
  kind: Type.Union([Type.Literal('report'), Type.Literal('monitor')]),
  target: Type.Record(Type.String(), Type.Unknown(), { description: 'The report query, or { monitor_id }' }),
  label: Type.Union([Type.String(), Type.Null()]),
  token_prefix: Type.String({ description: 'The first characters of the token, to tell links apart' }),
  created_by: Type.Union([Type.String(), Type.Null()], {
    description: 'The username of who created it; null once that user is deleted',
  }),
  created_at: IsoDateTime,
  expires_at: IsoDateTime,
  revoked_at: Type.Union([IsoDateTime, Type.Null()]),
  last_used_at: Type.Union([IsoDateTime, Type.Null()]),
  use_count: Type.Integer(),
  state: Type.Union([Type.Literal('active'), Type.Literal('expired'), Type.Literal('revoked')]),
});
export type ShareLink = Static<typeof ShareLink>;

/** The answer to creating a link: the only time its token (in `path`) is shown. */
export const CreatedShareLink = Type.Intersect([
  ShareLink,
  Type.Object({ path: Type.String({ description: '/shared/{token}: the link to hand out' }) }),
]);
export type CreatedShareLink = Static<typeof CreatedShareLink>;

const WindowFigures = Type.Object({
  checks: Type.Number(),
  uptime_percent: NullableNum,
  p95_response_time_ms: NullableNum,
});

/** A monitor's detail view as a share link shows it: no configuration, only how it fared. */
export const SharedMonitorView = Type.Object({
  monitor: Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    monitor_type: Type.String(),
    status: Type.String(),
    last_checked_at: Type.Union([IsoDateTime, Type.Null()]),
  }),
  uptime: Type.Object({
    '24h': WindowFigures,
    '7d': WindowFigures,
    '30d': WindowFigures,
    '365d': WindowFigures,
  }),
  incidents: Type.Array(ReportIncident, { description: 'The last 30 days' }),
});
export type SharedMonitorView = Static<typeof SharedMonitorView>;

/** What GET /api/shared/{token} answers: the one thing the link opens. */
export const SharedView = Type.Object({
  link: Type.Object({
    kind: Type.String(),
    label: Type.Union([Type.String(), Type.Null()]),
    expires_at: IsoDateTime,
  }),
  report: Type.Optional(SlaReport),
  monitor: Type.Optional(SharedMonitorView),
});
export type SharedView = Static<typeof SharedView>;
