import { type Static, Type } from 'typebox';
import {
  alertFields,
  conditionFields,
  configFields,
  locationFields,
  nullable,
} from '../../engine/monitors/monitor-fields.js';
import { MonitorTag } from '../../shared-types/group-shapes.js';
import { CheckDetails } from '../../shared-types/journey-shapes.js';
import { LocationState as LocationStateSchema } from '../../shared-types/location-shapes.js';
import type {
  Monitor as SharedMonitor,
  MonitorStatus as SharedMonitorStatus,
  TestOutcome as SharedTestOutcome,
} from '../../shared-types/monitor-shapes.js';

// The write side lives with the monitors, where the import checks its entries against it too.
export { MonitorBody, MonitorPatch, MonitorTestBody, TagName } from '../../engine/monitors/monitor-body.js';

const membershipView = {
  group_id: nullable(Type.Integer()),
  tags: Type.Array(MonitorTag),
};

/** What one test check found (the fields of a check result). */
export const TestOutcome = Type.Object({
  status: Type.Union([Type.Literal('up'), Type.Literal('down')]),
  response_time_ms: nullable(Type.Integer()),
  status_code: nullable(Type.Integer()),
  error: nullable(Type.String()),
  warning: nullable(Type.String()),
  tls_days_left: nullable(Type.Integer()),
  details: Type.Optional(nullable(CheckDetails)),
});

const DateTime = Type.String({ format: 'date-time' });
export const StatusSchema = Type.Union([
  Type.Literal('pending'),
  Type.Literal('up'),
  Type.Literal('degraded'),
  Type.Literal('down'),
  Type.Literal('paused'),
  Type.Literal('maintenance'),
]);

export const Monitor = Type.Object({
  id: Type.Integer(),
  ...configFields,
  ...alertFields,
  ...conditionFields,
  status_reason: Type.Union([Type.Literal('dependency_down'), Type.Null()], {
    description: 'dependency_down: down because a monitor it depends on is down (no alert of its own)',
  }),
  ...membershipView,
  ...locationFields,
  locations: Type.Array(LocationStateSchema, {
    description: 'The monitor’s state at each of its locations (one entry, local, for a local-only monitor)',
  }),
  current_status: StatusSchema,
  last_checked_at: nullable(DateTime),
  last_response_time_ms: nullable(Type.Integer()),
  last_status_code: nullable(Type.Integer()),
  consecutive_failures: Type.Integer(),
  tls_days_left: nullable(
    Type.Integer({
      description:
        'Days left on the certificate at the latest check that read one (tls, https and smtps/STARTTLS monitors; null otherwise)',
    }),
  ),
  heartbeat_token: nullable(Type.String()),
  config_key: nullable(
    Type.String({
      description:
        'The key of the config file entry it was applied from (docs/config-as-code.md): the next apply undoes edits made here. Null: not from a file',
    }),
  ),
  created_at: DateTime,
  updated_at: DateTime,
});

export const CheckNowAccepted = Type.Object({ monitor_id: Type.Integer(), requested_at: DateTime });

// The web UI reads a monitor's shapes from shared-types/monitor-shapes.ts, which cannot import the check
// registry: this fails to compile as soon as they and the schemas above part.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
export const SHARED_SHAPES_MATCH: [
  Same<Static<typeof Monitor>, SharedMonitor>,
  Same<Static<typeof TestOutcome>, SharedTestOutcome>,
  Same<Static<typeof StatusSchema>, SharedMonitorStatus>,
] = [true, true, true];
