import type { FieldProblem } from '@app/kit';
import { DEFAULT_TAG_COLOR } from '../../engine/tags/tags-service.js';
import { groupsRepo } from '../../store/repos/groups-repo.js';
import { tagsRepo } from '../../store/repos/tags-repo.js';
import type { Db } from '../../store/schema.js';

/**
 * A monitor's group and tags as they travel between instances: the group by its path of names
 * (ids mean nothing elsewhere), tags by name with their colour and this monitor's value.
 */
export interface PortablePlacement {
  group: string[] | null;
  tags: { name: string; color: string; value: string | null }[];
}

/** What an entry said; an absent key is undefined (files from before groups leave both out). */
export type ParsedPlacement = { group?: string[] | null; tags?: PortablePlacement['tags'] };

/** The export form, from the monitor's group id and tags. */
export function portablePlacement(
  groupId: number | null,
  paths: Map<number, string[]>,
  tags: { name: string; color: string; value: string | null }[],
): PortablePlacement {
  return {
    group: groupId === null ? null : (paths.get(groupId) ?? null),
    tags: tags.map((t) => ({ name: t.name, color: t.color, value: t.value })),
  };
}

const NAME = /^[^:]{1,50}$/;
const COLOR = /^#[0-9a-fA-F]{6}$/;

/** Checks an entry's `group` and `tags`, adding what is wrong to `problems`. */
export function parsePlacement(
  raw: Record<string, unknown>,
  at: string,
  problems: FieldProblem[],
): ParsedPlacement {
  const out: ParsedPlacement = {};
  if ('group' in raw && raw.group !== undefined) {
    const g = raw.group;
    if (g === null) out.group = null;
    else if (
      Array.isArray(g) &&
      g.length >= 1 &&
      g.length <= 10 &&
      g.every((n) => typeof n === 'string' && n.length >= 1 && n.length <= 100)
    ) {
      out.group = g as string[];
    } else {
      problems.push({ path: `${at}.group`, message: 'must be null or a path of 1 to 10 group names' });
    }
  }
  if ('tags' in raw && raw.tags !== undefined) {
    const list = raw.tags;
    const tags: PortablePlacement['tags'] = [];
    if (!Array.isArray(list) || list.length > 50) {
      problems.push({ path: `${at}.tags`, message: 'must be a list of at most 50 tags' });
    } else {
      const seen = new Set<string>();
      for (const [i, t] of list.entries()) {
        const p = `${at}.tags.${i}`;
        const o = (typeof t === 'object' && t !== null ? t : {}) as Record<string, unknown>;
        const name = o.name;
        const color = o.color ?? DEFAULT_TAG_COLOR;
        const value = o.value ?? null;
        if (typeof name !== 'string' || !NAME.test(name)) {
          problems.push({ path: `${p}.name`, message: 'must be 1 to 50 characters without a colon' });
        } else if (seen.has(name)) {
          problems.push({ path: `${p}.name`, message: `tag "${name}" is already in the list` });
        } else if (typeof color !== 'string' || !COLOR.test(color)) {
          problems.push({ path: `${p}.color`, message: 'must be #rrggbb' });
        } else if (value !== null && (typeof value !== 'string' || value.length > 200)) {
          problems.push({ path: `${p}.value`, message: 'must be null or text of at most 200 characters' });
        } else {
          seen.add(name);
          tags.push({ name, color, value: value === '' ? null : (value as string | null) });
        }
      }
    }
    out.tags = tags;
  }
  return out;
}

/**
 * Writes imported placements in the import's transaction, creating the groups of a path and the
 * tags that do not exist here (an existing tag keeps its colour). Counts what it created.
 */
export class PlacementWriter {
  readonly created = { groups: 0, tags: 0 };
  private groups = new Map<string, number>();
  private tags = new Map<string, number>();

  constructor(private readonly trx: Db) {}

  /** Applies an entry's placement; on a new monitor an absent part means none, on an update unchanged. */
  async apply(monitorId: number, p: ParsedPlacement, isNew: boolean) {
    if (p.group !== undefined || isNew) {
      const groupId = p.group ? await this.groupOf(p.group) : null;
      await this.trx.updateTable('monitors').set({ group_id: groupId }).where('id', '=', monitorId).execute();
    }
    if (p.tags !== undefined || isNew) {
      const tags = [];
      for (const t of p.tags ?? []) tags.push({ tag_id: await this.tagOf(t.name, t.color), value: t.value });
      await tagsRepo.set(this.trx, monitorId, tags);
    }
  }

  private async groupOf(path: string[]): Promise<number> {
    let parent: number | null = null;
    for (let i = 0; i < path.length; i++) {
      const key = JSON.stringify(path.slice(0, i + 1));
      let id = this.groups.get(key);
      if (id === undefined) {
        const found = await groupsRepo.sibling(this.trx, parent, path[i]!);
        if (found) id = found.id;
        else {
          const now = Date.now();
          id = (
            await groupsRepo.insert(this.trx, {
              name: path[i]!,
              parent_id: parent,
              sort_order: 0,
              created_at: now,
              updated_at: now,
            })
          ).id;
          this.created.groups++;
        }
        this.groups.set(key, id);
      }
      parent = id;
    }
    return parent!;
  }

  private async tagOf(name: string, color: string): Promise<number> {
    let id = this.tags.get(name);
    if (id === undefined) {
      id = (await tagsRepo.byName(this.trx, name))?.id;
      if (id === undefined) {
        id = (await tagsRepo.insert(this.trx, { name, color, created_at: Date.now() })).id;
        this.created.tags++;
      }
      this.tags.set(name, id);
    }
    return id;
  }
}
