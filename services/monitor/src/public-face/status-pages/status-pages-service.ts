import type { FastifyRequest } from 'fastify';
import { errors } from '../../errors.js';
import { audited } from '../../platform/audit/audit.js';
import { layoutProblems } from '../../shared-types/status-page-layout.js';
import {
  type SectionLayout,
  type StatusPageRow,
  statusPagesRepo,
} from '../../store/repos/status-pages-repo.js';
import type { Db } from '../../store/schema.js';
import { type PublicViewDeps, publicViewCache } from './public-view-cache.js';

/** What the page editor uses: the database, and the public view cache it invalidates (AppContext satisfies it). */
export type StatusPagesDeps = PublicViewDeps;

export interface StatusPageInput {
  slug: string;
  title: string;
  description?: string | null | undefined;
  footer?: string | null | undefined;
  sections?: SectionLayout[] | undefined;
  uptime_days?: 30 | 60 | 90 | 365 | undefined;
  is_public?: boolean | undefined;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The admin API form of a page. */
export function toStatusPageView(r: StatusPageRow, sections: SectionLayout[]) {
  return {
    id: r.id,
    slug: r.slug,
    title: r.title,
    description: r.description,
    footer: r.footer,
    sections,
    uptime_days: r.uptime_days as 30 | 60 | 90 | 365,
    is_public: r.is_public === 1,
    url: `/status/${r.slug}`,
    config_key: r.managed === 1 ? r.config_key : null,
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  };
}

async function requirePage(db: Db, id: number) {
  const row = await statusPagesRepo.byId(db, id);
  if (!row) throw errors.not_found(`Status page ${id} does not exist.`);
  return row;
}

async function viewOf(db: Db, row: StatusPageRow) {
  return toStatusPageView(row, (await statusPagesRepo.layouts(db, [row.id])).get(row.id) ?? []);
}

/** Checks what the schema cannot (monitors exist, none twice in a section, free slug); returns the row values. */
async function validate(db: Db, input: StatusPageInput, exceptId: number | null) {
  const sections = input.sections ?? [];
  // The layout rule's problems (repeats, too many monitors) in document order with the unknown ids.
  const layout = layoutProblems(
    sections.map((s, si) => ({ monitors: s.monitor_ids, path: `sections.${si}.monitor_ids` })),
  );
  const repeated = new Map(layout.map((p) => [p.path, p]));
  const problems = [];
  const unknown = new Set<number>();
  const existing = new Set(
    await statusPagesRepo.existingMonitorIds(db, [...new Set(sections.flatMap((s) => s.monitor_ids))]),
  );
  sections.forEach((s, si) => {
    s.monitor_ids.forEach((id, mi) => {
      const path = `sections.${si}.monitor_ids.${mi}`;
      const repeat = repeated.get(path);
      if (repeat) problems.push(repeat);
      else if (!existing.has(id)) {
        problems.push({ path, message: `monitor ${id} does not exist` });
        unknown.add(id);
      }
    });
  });
  problems.push(...layout.filter((p) => p.path === 'sections'));
  if (problems.length > 0) {
    const names = unknown.size > 0 ? ` Unknown monitor ids: ${[...unknown].join(', ')}.` : '';
    throw errors.validation_failed(
      `The status page is invalid: ${problems.map((p) => `${p.path} ${p.message}`).join('; ')}.${names}`,
      { errors: problems },
    );
  }
  const clash = await statusPagesRepo.bySlug(db, input.slug);
  if (clash && clash.id !== exceptId) {
    throw errors.slug_taken(`The slug "${input.slug}" is already used by status page ${clash.id}.`);
  }
  return {
    values: {
      slug: input.slug,
      title: input.title,
      description: input.description ?? null,
      footer: input.footer ?? null,
      uptime_days: input.uptime_days ?? 90,
      is_public: input.is_public === true ? 1 : 0,
    },
    sections,
  };
}

export async function listStatusPages(ctx: StatusPagesDeps) {
  const rows = await statusPagesRepo.list(ctx.db);
  const layouts = await statusPagesRepo.layouts(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toStatusPageView(r, layouts.get(r.id) ?? []));
}

export async function getStatusPage(ctx: StatusPagesDeps, id: number) {
  return viewOf(ctx.db, await requirePage(ctx.db, id));
}

export async function createStatusPage(ctx: StatusPagesDeps, req: FastifyRequest, input: StatusPageInput) {
  const view = await audited(ctx, req, async (trx) => {
    const { values, sections } = await validate(trx, input, null);
    const now = Date.now();
    const row = await statusPagesRepo.insert(trx, { ...values, created_at: now, updated_at: now });
    await statusPagesRepo.replaceLayout(trx, row.id, sections);
    const created = await viewOf(trx, row);
    return [
      created,
      { action: 'status_page.create', resource_type: 'status_page', resource_id: row.id, detail: input },
    ];
  });
  publicViewCache(ctx).invalidate(view.slug);
  return view;
}

/** Replaces a page (its slug may change: the old public URL then answers 404). */
export async function updateStatusPage(
  ctx: StatusPagesDeps,
  req: FastifyRequest,
  id: number,
  input: StatusPageInput,
) {
  const [view, oldSlug] = await audited(ctx, req, async (trx) => {
    const before = await requirePage(trx, id);
    const { values, sections } = await validate(trx, input, id);
    const row = await statusPagesRepo.update(trx, id, { ...values, updated_at: Date.now() });
    await statusPagesRepo.replaceLayout(trx, id, sections);
    const updated = await viewOf(trx, row);
    return [
      [updated, before.slug] as const,
      { action: 'status_page.update', resource_type: 'status_page', resource_id: id, detail: input },
    ];
  });
  const cache = publicViewCache(ctx);
  cache.invalidate(oldSlug);
  cache.invalidate(view.slug);
  return view;
}

export async function deleteStatusPage(ctx: StatusPagesDeps, req: FastifyRequest, id: number) {
  const slug = await audited(ctx, req, async (trx) => {
    const row = await requirePage(trx, id);
    await statusPagesRepo.remove(trx, id);
    return [
      row.slug,
      {
        action: 'status_page.delete',
        resource_type: 'status_page',
        resource_id: id,
        detail: { slug: row.slug, title: row.title },
      },
    ];
  });
  publicViewCache(ctx).invalidate(slug);
}
