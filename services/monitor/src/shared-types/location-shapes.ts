// Location shapes (issue 13) as GET /api/locations and the monitor object give them, shared with the
// web UI and the probe (types only: the web imports LOCAL_LOCATION_ID from location-ids.ts).
import { type Static, Type } from 'typebox';
import { ConfigKey, IsoDateTime } from './schema-parts.js';

const nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

/** A location as GET /api/locations returns it (last_seen_at: for `local`, now; version: the central
 * instance's own for `local`; skew_ms: the probe's clock minus ours in its last post, 0 for `local`). */
export const Location = Type.Object({
  id: Type.String(),
  name: Type.String(),
  region: nullable(Type.String()),
  is_local: Type.Boolean(),
  status: Type.Union([Type.Literal('online'), Type.Literal('offline')]),
  last_seen_at: nullable(IsoDateTime),
  version: nullable(Type.String()),
  skew_ms: nullable(Type.Integer()),
  heartbeat_seconds: Type.Integer(),
  monitor_count: Type.Integer({ description: 'Monitors that run from this location' }),
  config_key: ConfigKey,
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
});
export const LocationWithToken = Type.Intersect([
  Location,
  Type.Object({
    token: Type.String({ description: 'The probe token (mon_probe_…): shown in this response only' }),
  }),
]);

/** A monitor's state at one location, in the monitor's API object and in live events. */
export const LocationState = Type.Object({
  location_id: Type.String(),
  status: Type.Union([
    Type.Literal('pending'),
    Type.Literal('up'),
    Type.Literal('degraded'),
    Type.Literal('down'),
  ]),
  counted: Type.Boolean({ description: 'False while the location is offline: its verdict does not count' }),
  last_checked_at: nullable(Type.String({ format: 'date-time' })),
  last_response_time_ms: nullable(Type.Integer()),
  last_error: nullable(Type.String()),
});

export type LocationStatus = Static<typeof Location>['status'];
export type LocationView = Static<typeof Location>;
/** POST /api/locations and POST /api/locations/{id}/rotate-token answer with the token, once. */
export type LocationWithToken = Static<typeof LocationWithToken>;
/** One location's own verdict on a monitor (retries count per location). */
export type LocationVerdict = Static<typeof LocationState>['status'];
export type MonitorLocationState = Static<typeof LocationState>;
