import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { errors } from '../../errors.js';
import { audited } from '../../platform/audit/audit.js';
import { iso } from '../../platform/http/schemas.js';
import { channelsRepo } from '../../store/repos/channels-repo.js';
import { messageTemplatesRepo } from '../../store/repos/message-templates-repo.js';
import type { Db, MonitorDB } from '../../store/schema.js';
import { DEFAULT_TEMPLATES } from './default-templates.js';
import { renderTemplate } from './render-template.js';
import { samplePayload } from './sample-payload.js';
import { TEMPLATE_EVENT_NAMES, TEMPLATE_EVENTS, type TemplateEvent } from './template-events.js';
import { templateView } from './template-variables.js';
import { templateProblems } from './validate-template.js';

/** What this module uses of the service (AppContext satisfies it; the routes pass theirs). */
export interface TemplatesDeps {
  db: Kysely<MonitorDB>;
}

export interface TemplateInput {
  title: string;
  body: string;
}

/** One event's template as the API shows it: the channel's own, or the built-in one. */
function view(
  event: TemplateEvent,
  row?: { title: string; body: string; updated_at: number; config_key: string | null; managed: number },
) {
  return {
    event,
    title: row?.title ?? DEFAULT_TEMPLATES[event].title,
    body: row?.body ?? DEFAULT_TEMPLATES[event].body,
    custom: row !== undefined,
    config_key: row?.managed === 1 ? row.config_key : null,
    updated_at: row ? iso(row.updated_at) : null,
  };
}

async function requireChannel(db: Db, id: number) {
  const row = await channelsRepo.byId(db, id);
  if (!row || row.owner_user_id !== null) throw errors.not_found(`Channel ${id} does not exist.`);
  return row;
}

/** A 422 naming every problem of the title and body; nothing is written. */
export function ensureValidTemplate(input: TemplateInput): void {
  const problems = [...templateProblems('title', input.title), ...templateProblems('body', input.body)];
  if (problems.length > 0) {
    throw errors.validation_failed(
      `The template is invalid: ${problems.map((p) => `${p.path} ${p.message}`).join('; ')}.`,
      { errors: problems },
    );
  }
}

export async function listTemplates(ctx: TemplatesDeps, channelId: number) {
  await requireChannel(ctx.db, channelId);
  const rows = await messageTemplatesRepo.forChannel(ctx.db, channelId);
  return TEMPLATE_EVENT_NAMES.map((e) =>
    view(
      e,
      rows.find((r) => r.event === TEMPLATE_EVENTS[e]),
    ),
  );
}

export async function getTemplate(ctx: TemplatesDeps, channelId: number, event: TemplateEvent) {
  await requireChannel(ctx.db, channelId);
  return view(event, await messageTemplatesRepo.get(ctx.db, channelId, TEMPLATE_EVENTS[event]));
}

export async function putTemplate(
  ctx: TemplatesDeps,
  req: FastifyRequest,
  channelId: number,
  event: TemplateEvent,
  input: TemplateInput,
) {
  ensureValidTemplate(input);
  return audited(ctx, req, async (trx) => {
    await requireChannel(trx, channelId);
    const row = { channel_id: channelId, event: TEMPLATE_EVENTS[event], ...input, updated_at: Date.now() };
    await messageTemplatesRepo.upsert(trx, row);
    return [
      view(event, await messageTemplatesRepo.get(trx, channelId, row.event)),
      {
        action: 'channel.template.update',
        resource_type: 'channel',
        resource_id: channelId,
        detail: { event, title: input.title, body: input.body },
      },
    ];
  });
}

/** Back to the built-in message; removing one that is not there changes nothing. */
export async function deleteTemplate(
  ctx: TemplatesDeps,
  req: FastifyRequest,
  channelId: number,
  event: TemplateEvent,
) {
  await audited(ctx, req, async (trx) => {
    await requireChannel(trx, channelId);
    const removed = await messageTemplatesRepo.remove(trx, channelId, TEMPLATE_EVENTS[event]);
    return [
      null,
      {
        action: 'channel.template.delete',
        resource_type: 'channel',
        resource_id: channelId,
        detail: { event, removed },
      },
    ];
  });
}

/** Renders a template against a sample incident of its event, as a channel of that kind would. */
export function previewTemplate(input: TemplateInput & { event: TemplateEvent; html?: boolean | undefined }) {
  ensureValidTemplate(input);
  const data = templateView(samplePayload(input.event), 'https://monitor.example.com');
  return {
    title: renderTemplate(input.title, data),
    body: renderTemplate(input.body, data, input.html === true),
  };
}
