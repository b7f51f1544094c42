import { type TSchema, Type } from 'typebox';
import { TEMPLATE_EVENT_NAMES } from '../../alerting/templates/template-events.js';
import { EscalationRepeat } from '../../shared-types/escalation-policy-shape.js';
import { UptimeDays } from '../../shared-types/status-page-shape.js';
import { REF_FORM } from './env-refs.js';

// The file's entries for message templates, escalation policies, maintenance windows, status pages
// and check locations (docs/config-as-code.md). Their bounds are the API's; what the API names by id
// the file names by key (a template's channel, a step's channels, a window's and a section's
// monitors). Rules beyond the schema are the domain services' own (desired-kinds.ts calls them).

/** The file key pattern (config-document.ts re-exports it for the older kinds). */
export const Key = Type.String({
  minLength: 1,
  maxLength: 100,
  pattern: '^[A-Za-z0-9][A-Za-z0-9_.:-]*$',
  'x-pattern-message': 'must start with a letter or digit and hold only letters, digits, _ . : -',
  description: 'The stable identity of this object, chosen by the author: renaming is an update',
});
export const KeyList = (description: string, maxItems = 100) =>
  Type.Array(Key, { maxItems, uniqueItems: true, description });
const nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
const Name = Type.String({ minLength: 1, maxLength: 100 });
const Text = (max: number) => Type.String({ minLength: 1, maxLength: max });
const DateTime = Type.String({ format: 'date-time', description: 'ISO 8601, e.g. 2030-01-01T02:00:00Z' });

export const LocationEntry = Type.Object(
  {
    key: Type.String({
      pattern: '^[a-z0-9][a-z0-9-]{0,31}$',
      'x-pattern-message':
        'must be lower-case letters, digits and dashes (up to 32, not starting with a dash)',
      description: "The location's id (what monitors' location_ids name); `local` is built in",
    }),
    name: Name,
    region: Type.Optional(nullable(Type.String({ maxLength: 100 }))),
    heartbeat_seconds: Type.Optional(Type.Integer({ minimum: 5, maximum: 3600, description: 'Default 10' })),
    token: Type.Optional(
      Type.String({
        description: `The probe's token (mon_probe_ and at least 32 characters), as an ${REF_FORM} reference. Absent: a new location gets a random one (rotate it in the dashboard to see it) and an existing one keeps its own`,
      }),
    ),
  },
  { additionalProperties: false },
);

export const TemplateEntry = Type.Object(
  {
    key: Key,
    channel: Type.String({ ...Key, description: 'The key of a channel of this file' }),
    event: Type.Union(TEMPLATE_EVENT_NAMES.map((e) => Type.Literal(e))),
    title: Text(500),
    body: Text(10_000),
  },
  { additionalProperties: false },
);

export const EscalationPolicyEntry = Type.Object(
  {
    key: Key,
    name: Name,
    steps: Type.Array(
      Type.Object(
        {
          after_minutes: Type.Number({ minimum: 0, maximum: 10080 }),
          channels: Type.Optional(KeyList('Keys of channels of this file told at this step', 50)),
          user_ids: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 50 })),
          schedule_ids: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 20 })),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 20 },
    ),
    repeat: Type.Optional(EscalationRepeat),
  },
  { additionalProperties: false },
);

export const MaintenanceEntry = Type.Object(
  {
    key: Key,
    name: Name,
    starts_at: DateTime,
    ends_at: Type.Optional(nullable(DateTime)),
    monitors: Type.Optional(KeyList('Keys of monitors of this file; empty or absent: every monitor', 10_000)),
    recurrence: Type.Optional(
      nullable(
        Type.Object(
          {
            cron: Type.String({ minLength: 9, maxLength: 200 }),
            duration_minutes: Type.Integer({ minimum: 1, maximum: 10080 }),
          },
          { additionalProperties: false },
        ),
      ),
    ),
    timezone: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'Default UTC' })),
    is_active: Type.Optional(Type.Boolean({ description: 'Default true' })),
  },
  { additionalProperties: false },
);

export const StatusPageEntry = Type.Object(
  {
    key: Key,
    slug: Type.String({
      pattern: '^[a-z0-9-]{1,64}$',
      'x-pattern-message': 'must be lower-case letters, digits and dashes',
    }),
    title: Type.String({ minLength: 1, maxLength: 200 }),
    description: Type.Optional(nullable(Type.String({ maxLength: 5000 }))),
    footer: Type.Optional(nullable(Type.String({ maxLength: 2000 }))),
    sections: Type.Optional(
      Type.Array(
        Type.Object(
          {
            name: Name,
            monitors: Type.Array(Key, {
              maxItems: 1000,
              description: 'Keys of monitors of this file, in order',
            }),
          },
          { additionalProperties: false },
        ),
        { maxItems: 50 },
      ),
    ),
    uptime_days: Type.Optional(UptimeDays),
    is_public: Type.Optional(Type.Boolean({ description: 'Default false' })),
  },
  { additionalProperties: false },
);

export interface LocationDecl {
  key: string;
  name: string;
  region?: string | null;
  heartbeat_seconds?: number;
  token?: string;
}
export interface TemplateDecl {
  key: string;
  channel: string;
  event: (typeof TEMPLATE_EVENT_NAMES)[number];
  title: string;
  body: string;
}
export interface PolicyDecl {
  key: string;
  name: string;
  steps: { after_minutes: number; channels?: string[]; user_ids?: number[]; schedule_ids?: number[] }[];
  repeat?: boolean | number;
}
export interface MaintenanceDecl {
  key: string;
  name: string;
  starts_at: string;
  ends_at?: string | null;
  monitors?: string[];
  recurrence?: { cron: string; duration_minutes: number } | null;
  timezone?: string;
  is_active?: boolean;
}
export interface StatusPageDecl {
  key: string;
  slug: string;
  title: string;
  description?: string | null;
  footer?: string | null;
  sections?: { name: string; monitors: string[] }[];
  uptime_days?: 30 | 60 | 90 | 365;
  is_public?: boolean;
}
