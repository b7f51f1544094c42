// Group and tag shapes as GET /api/groups, /api/tags and a monitor's `tags` give them; the service and the
// web UI read this one declaration (the web its types only).
import { type Static, Type } from 'typebox';
import { ConfigKey } from './schema-parts.js';

const nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

const GroupStatusSchema = Type.Union(
  [
    Type.Literal('pending'),
    Type.Literal('up'),
    Type.Literal('degraded'),
    Type.Literal('down'),
    Type.Literal('paused'),
    Type.Literal('maintenance'),
    Type.Null(),
  ],
  {
    description:
      'Worst of the checked monitors at any depth (down > degraded > pending > up); paused when all are paused, maintenance when all are in maintenance or paused; null when empty',
  },
);
/** A group as GET /api/groups returns it; the escalation policy is that of members without their own. */
export const Group = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  parent_id: nullable(Type.Integer()),
  path: Type.Array(Type.String(), { description: 'Names from the top-level group down to this one' }),
  sort_order: Type.Integer(),
  escalation_policy_id: nullable(Type.Integer()),
  member_count: Type.Integer({ description: 'Monitors directly in this group' }),
  monitor_count: Type.Integer({ description: 'Monitors in this group and every group below it' }),
  status: GroupStatusSchema,
  config_key: ConfigKey,
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});

/** A tag as GET /api/tags returns it. */
export const Tag = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  color: Type.String(),
  monitor_count: Type.Integer({ description: 'Monitors carrying it' }),
  config_key: ConfigKey,
  created_at: Type.String({ format: 'date-time' }),
});

/** A tag's value on a monitor (null: the tag alone). */
export const TagValue = nullable(Type.String({ maxLength: 200 }));

/** A tag on a monitor (the monitor object's `tags`). */
export const MonitorTag = Type.Object({
  tag_id: Type.Integer(),
  name: Type.String(),
  color: Type.String(),
  value: TagValue,
});

/** A group's rolled-up status; null for a group with no monitors at any depth. */
export type GroupStatus = Static<typeof GroupStatusSchema>;
/** A monitor's own status, as far as the roll-up needs to know it. */
export type MemberStatus = Exclude<GroupStatus, null>;
export type GroupView = Static<typeof Group>;
export type TagView = Static<typeof Tag>;
export type MonitorTag = Static<typeof MonitorTag>;
