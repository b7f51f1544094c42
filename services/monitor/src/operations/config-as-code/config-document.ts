import { type TSchema, Type } from 'typebox';
import { CHANNEL_TYPES } from '../../alerting/notify/providers/index.js';
import { MonitorBody, TagName } from '../../engine/monitors/monitor-body.js';
import { TagValue } from '../../shared-types/group-shapes.js';
import { REF_FORM } from './env-refs.js';
import {
  EscalationPolicyEntry,
  Key,
  type LocationDecl,
  LocationEntry,
  type MaintenanceDecl,
  MaintenanceEntry,
  type PolicyDecl,
  type StatusPageDecl,
  StatusPageEntry,
  type TemplateDecl,
  TemplateEntry,
} from './kinds-document.js';

export { Key };

/** The file format's version; a file names it, and a newer one is refused rather than half read. */
export const CONFIG_VERSION = 1;

/** Where the schema is published (GET /api/config/schema.json) and its `$id`. */
export const SCHEMA_ID = 'https://uptime.invalid/api/config/schema.json';

/**
 * The fields of a monitor write that name other objects by id. Ids mean nothing in a file: the file
 * names them by key instead (`group`, `channels`, `tags`, `depends_on`, `escalation_policy`). `tls_alert_days` is only
 * another name for `tls_warn_days`, which the file uses. Every other field of the API's monitor body
 * is a field of the file's monitor as it is, so a field or check type added to the API
 * (engine/monitors/monitor-fields.ts, engine/checks/registry.ts) is in the file and its schema
 * without an edit here. config-document.test.ts fails if a field appears that the apply ignores.
 */
export const ID_FIELDS = [
  'channel_ids',
  'group_id',
  'tags',
  'depends_on',
  'escalation_policy_id',
  'tls_alert_days',
] as const;

/** The monitor body fields that are not configuration columns (configFields) but are applied. */
export const PLACEMENT_FIELDS = ['reminder_interval_minutes', 'location_ids', 'quorum'] as const;

const KeyList = (description: string) => Type.Array(Key, { maxItems: 100, uniqueItems: true, description });

const monitorFields: Record<string, TSchema> = Object.fromEntries(
  Object.entries(MonitorBody.properties).filter(([k]) => !(ID_FIELDS as readonly string[]).includes(k)),
);

export const MonitorEntry = Type.Object(
  {
    key: Key,
    ...monitorFields,
    paused: Type.Optional(Type.Boolean({ description: 'Default false' })),
    group: Type.Optional(
      Type.Union([Key, Type.Null()], { description: 'The key of a group of this file (null: none)' }),
    ),
    channels: Type.Optional(KeyList('Keys of channels of this file that get its alerts')),
    tags: Type.Optional(
      Type.Array(
        Type.Union([
          Key,
          Type.Object({ key: Key, value: Type.Optional(TagValue) }, { additionalProperties: false }),
        ]),
        { maxItems: 50, description: 'Keys of tags of this file, alone or with a value' },
      ),
    ),
    depends_on: Type.Optional(KeyList('Keys of monitors of this file this one depends on')),
    escalation_policy: Type.Optional(
      Type.Union([Key, Type.Null()], {
        description: "The key of an escalation policy of this file (null: its group's, or none)",
      }),
    ),
  },
  { additionalProperties: false },
);

export const GroupEntry = Type.Object(
  {
    key: Key,
    name: Type.String({ minLength: 1, maxLength: 100 }),
    parent: Type.Optional(Type.Union([Key, Type.Null()], { description: 'The key of the parent group' })),
    sort_order: Type.Optional(
      Type.Integer({ minimum: -1_000_000, maximum: 1_000_000, description: 'Lower first; default 0' }),
    ),
    escalation_policy: Type.Optional(
      Type.Union([Key, Type.Null()], {
        description:
          'The key of an escalation policy of this file, used by its monitors without their own (null: none)',
      }),
    ),
  },
  { additionalProperties: false },
);

export const TagEntry = Type.Object(
  {
    key: Key,
    name: TagName,
    color: Type.Optional(Type.String({ pattern: '^#[0-9a-fA-F]{6}$', description: '#rrggbb' })),
  },
  { additionalProperties: false },
);

export const ChannelEntry = Type.Object(
  {
    key: Key,
    name: Type.String({ minLength: 1, maxLength: 100 }),
    type: Type.Union(CHANNEL_TYPES.map((t) => Type.Literal(t))),
    config: Type.Record(Type.String(), Type.Unknown(), {
      description: `Per type (docs/notifications.md). Secret fields must be ${REF_FORM} references, resolved at apply time`,
    }),
    is_enabled: Type.Optional(Type.Boolean({ description: 'Default true' })),
    default_for_new_monitors: Type.Optional(Type.Boolean({ description: 'Default false' })),
    flood_limit: Type.Optional(
      Type.Union([Type.Integer({ minimum: 1, maximum: 10000 }), Type.Null()], {
        description: 'At most this many messages a minute, the rest summarised; default null: no limit',
      }),
    ),
  },
  { additionalProperties: false },
);

const list = (entry: TSchema, description: string) =>
  Type.Optional(Type.Array(entry, { maxItems: 10_000, description }));

/** The whole file. Every section is optional; an absent section declares nothing of that kind. */
export const ConfigDocument = Type.Object(
  {
    $schema: Type.Optional(Type.String()),
    version: Type.Literal(CONFIG_VERSION),
    groups: list(GroupEntry, 'Monitor groups; parents are named by key'),
    tags: list(TagEntry, 'Tags monitors carry'),
    channels: list(ChannelEntry, 'Notification channels'),
    monitors: list(MonitorEntry, 'Monitors: every field of POST /api/monitors, with references by key'),
    locations: list(LocationEntry, 'Check locations (probes); the key is the location id'),
    templates: list(TemplateEntry, "Message templates: a channel's own title and body for one event"),
    escalation_policies: list(EscalationPolicyEntry, 'Escalation policies; steps name channels by key'),
    maintenance: list(MaintenanceEntry, 'Maintenance windows; monitors by key'),
    status_pages: list(StatusPageEntry, 'Status pages; sections name monitors by key'),
  },
  { additionalProperties: false },
);

/** The JSON Schema as published: the document's schema with its dialect and id. */
export function configJsonSchema(): Record<string, unknown> {
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: SCHEMA_ID,
    title: 'Uptime monitor configuration file',
    ...JSON.parse(JSON.stringify(ConfigDocument)),
  };
}

export interface GroupDecl {
  key: string;
  name: string;
  parent?: string | null;
  sort_order?: number;
  escalation_policy?: string | null;
}
export interface TagDecl {
  key: string;
  name: string;
  color?: string;
}
export interface ChannelDecl {
  key: string;
  name: string;
  type: string;
  config: Record<string, unknown>;
  is_enabled?: boolean;
  default_for_new_monitors?: boolean;
  flood_limit?: number | null;
}
export type MonitorDecl = Record<string, unknown> & {
  key: string;
  name: string;
  paused?: boolean;
  group?: string | null;
  channels?: string[];
  tags?: (string | { key: string; value?: string | null })[];
  depends_on?: string[];
  escalation_policy?: string | null;
};
export interface ConfigFile {
  version: number;
  groups?: GroupDecl[];
  tags?: TagDecl[];
  channels?: ChannelDecl[];
  monitors?: MonitorDecl[];
  locations?: LocationDecl[];
  templates?: TemplateDecl[];
  escalation_policies?: PolicyDecl[];
  maintenance?: MaintenanceDecl[];
  status_pages?: StatusPageDecl[];
}
