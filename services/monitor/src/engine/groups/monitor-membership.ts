import type { FieldProblem } from '@app/kit';
import { errors } from '../../errors.js';
import { groupsRepo } from '../../store/repos/groups-repo.js';
import { tagsRepo } from '../../store/repos/tags-repo.js';
import type { Db } from '../../store/schema.js';
import { DEFAULT_TAG_COLOR } from '../tags/tags-service.js';

/** A tag as a monitor's input names it: by id, or by name (created with the default colour if new). */
export type TagRef = ({ tag_id: number } | { name: string }) & { value?: string | null | undefined };

/** Where a monitor sits and what it is tagged with; kept apart from what it checks. */
export interface MembershipInput {
  group_id?: number | null | undefined;
  tags?: TagRef[] | undefined;
}

/** Resolved membership: undefined leaves that part unchanged. */
export interface Membership {
  group_id?: number | null;
  tags?: { tag_id: number; value: string | null }[];
}

/**
 * Checks a monitor's group and tags in the caller's transaction. On create and replace an omitted
 * field means none; on patch unchanged. Unknown ids and a tag named twice are a 422 naming the
 * entry; a tag named by a name nobody has yet is created with the default colour.
 */
export async function resolveMembership(
  trx: Db,
  input: MembershipInput,
  mode: 'create' | 'replace' | 'patch',
): Promise<Membership> {
  const out: Membership = {};
  const problems: FieldProblem[] = [];
  if (input.group_id !== undefined || mode !== 'patch') {
    const g = input.group_id ?? null;
    if (g !== null && !(await groupsRepo.existing(trx, [g])).has(g)) {
      problems.push({ path: 'group_id', message: `group ${g} does not exist` });
    }
    out.group_id = g;
  }
  if (input.tags !== undefined || mode !== 'patch') {
    const refs = input.tags ?? [];
    const ids = refs.flatMap((r) => ('tag_id' in r ? [r.tag_id] : []));
    const known = new Set((await tagsRepo.byIds(trx, ids)).map((t) => t.id));
    const byName = new Map(
      (
        await tagsRepo.byNames(
          trx,
          refs.flatMap((r) => ('name' in r ? [r.name] : [])),
        )
      ).map((t) => [t.name, t.id]),
    );
    const seen = new Set<number>();
    const tags: { tag_id: number; value: string | null }[] = [];
    for (const [i, r] of refs.entries()) {
      let id: number;
      if ('tag_id' in r) {
        if (!known.has(r.tag_id)) {
          problems.push({ path: `tags.${i}.tag_id`, message: `tag ${r.tag_id} does not exist` });
          continue;
        }
        id = r.tag_id;
      } else {
        id =
          byName.get(r.name) ??
          (await tagsRepo.insert(trx, { name: r.name, color: DEFAULT_TAG_COLOR, created_at: Date.now() })).id;
        byName.set(r.name, id);
      }
      if (seen.has(id)) {
        problems.push({ path: `tags.${i}`, message: 'names a tag already in the list' });
        continue;
      }
      seen.add(id);
      tags.push({ tag_id: id, value: r.value === '' || r.value === undefined ? null : r.value });
    }
    out.tags = tags;
  }
  if (problems.length > 0) {
    throw errors.validation_failed(
      `The monitor's group or tags are invalid: ${problems.map((p) => `${p.path} ${p.message}`).join('; ')}.`,
      { errors: problems },
    );
  }
  return out;
}

/** The group column for an insert or update (nothing when unchanged). */
export const groupColumn = (m: Membership) => (m.group_id === undefined ? {} : { group_id: m.group_id });

/** Stores the tags part (when given) for a monitor. */
export async function saveTags(trx: Db, monitorId: number, m: Membership) {
  if (m.tags !== undefined) await tagsRepo.set(trx, monitorId, m.tags);
}
