import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { errors } from '../../errors.js';
import { audited } from '../../platform/audit/audit.js';
import { iso } from '../../platform/http/schemas.js';
import type { TagView } from '../../shared-types/group-shapes.js';
import { tagsRepo } from '../../store/repos/tags-repo.js';
import type { Db, MonitorDB } from '../../store/schema.js';

export interface TagInput {
  name: string;
  color: string;
}

/** The colour of a tag created by name alone (a monitor's input or an import without one). */
export const DEFAULT_TAG_COLOR = '#6b7280';

type Counted = {
  id: number;
  name: string;
  color: string;
  created_at: number;
  monitor_count: number | string;
  config_key: string | null;
  managed: number;
};
const toView = (r: Counted): TagView => ({
  id: r.id,
  name: r.name,
  color: r.color,
  monitor_count: Number(r.monitor_count),
  config_key: r.managed === 1 ? r.config_key : null,
  created_at: iso(r.created_at),
});

export async function listTags(db: Db): Promise<TagView[]> {
  return (await tagsRepo.list(db)).map(toView);
}

async function viewOf(db: Db, id: number) {
  const t = (await listTags(db)).find((x) => x.id === id);
  if (!t) throw errors.not_found(`Tag ${id} does not exist.`);
  return t;
}

/** What the tag services use (AppContext satisfies it). */
export interface TagsDeps {
  db: Kysely<MonitorDB>;
}

export const getTag = (ctx: TagsDeps, id: number) => viewOf(ctx.db, id);

async function ensureNameFree(db: Db, name: string, exceptId?: number) {
  const other = await tagsRepo.byName(db, name);
  if (other && other.id !== exceptId) throw errors.tag_name_taken(`A tag named "${name}" exists.`);
}

export async function createTag(ctx: TagsDeps, req: FastifyRequest, input: TagInput) {
  const id = await audited(ctx, req, async (trx) => {
    await ensureNameFree(trx, input.name);
    const row = await tagsRepo.insert(trx, { ...input, created_at: Date.now() });
    return [row.id, { action: 'tag.create', resource_type: 'tag', resource_id: row.id, detail: input }];
  });
  return viewOf(ctx.db, id);
}

/** Renames or recolours a tag; monitors carrying it show the new name and colour. */
export async function updateTag(ctx: TagsDeps, req: FastifyRequest, id: number, input: TagInput) {
  await audited(ctx, req, async (trx) => {
    if (!(await tagsRepo.byId(trx, id))) throw errors.not_found(`Tag ${id} does not exist.`);
    await ensureNameFree(trx, input.name, id);
    await tagsRepo.update(trx, id, input);
    return [null, { action: 'tag.update', resource_type: 'tag', resource_id: id, detail: input }];
  });
  return viewOf(ctx.db, id);
}

/** Deletes a tag and takes it off every monitor. */
export async function deleteTag(ctx: TagsDeps, req: FastifyRequest, id: number) {
  await audited(ctx, req, async (trx) => {
    const old = await tagsRepo.byId(trx, id);
    if (!old) throw errors.not_found(`Tag ${id} does not exist.`);
    const count = (await tagsRepo.monitorsWith(trx, id)).length;
    await tagsRepo.remove(trx, id);
    const detail = { name: old.name, monitors: count };
    return [null, { action: 'tag.delete', resource_type: 'tag', resource_id: id, detail }];
  });
}
