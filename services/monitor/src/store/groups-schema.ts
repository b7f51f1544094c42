import type { Generated } from 'kysely';

/** Tables of groups and tags (migration 060); times are epoch milliseconds. */

/** A nestable folder of monitors. `escalation_policy_id` applies to members without their own. */
export interface MonitorGroupsTable {
  id: Generated<number>;
  name: string;
  parent_id: number | null;
  escalation_policy_id: number | null;
  sort_order: number;
  created_at: number;
  updated_at: number;
  config_key: string | null;
  managed: Generated<number>;
}

/** A tag: a unique name and a colour (`#rrggbb`). */
export interface TagsTable {
  id: Generated<number>;
  name: string;
  color: string;
  created_at: number;
  config_key: string | null;
  managed: Generated<number>;
}

/** A tag on a monitor, with its optional value (`env` → `prod`). */
export interface MonitorTagsTable {
  monitor_id: number;
  tag_id: number;
  value: string | null;
}
