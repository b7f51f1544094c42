import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { errors } from '../../errors.js';
import { audited, writeAudit } from '../../platform/audit/audit.js';
import { encryptSecret } from '../../platform/crypto/secret-box.js';
import { rateLimited, takeSlots } from '../../platform/throttle/throttle.js';
import { type SubscriberRow, statusSubscribersRepo } from '../../store/repos/status-subscribers-repo.js';
import type { Db, MonitorDB } from '../../store/schema.js';
import { enqueueNotification } from '../notify/enqueue.js';
import type { SubscriberPayload } from './subscriber-mail.js';
import {
  CONFIRM_TTL_MS,
  hashConfirmToken,
  newConfirmToken,
  verifyUnsubscribeToken,
} from './subscription-tokens.js';
import { subscriptionTransport } from './subscriptions-config.js';

/** What this module uses of the service (AppContext satisfies it; the routes pass theirs). */
export interface SubscriptionsDeps {
  db: Kysely<MonitorDB>;
  keys: { encryption: Buffer; subscriptions: Buffer };
  /** Confirmation mail is queued with the outbox's attempts and delivered at once (kick). */
  outbox: { readonly maxAttempts: number; kick(): void };
}

/** What the sign-in throttle uses (its own deps), for the subscribe budgets. */
type ThrottleDeps = Parameters<typeof takeSlots>[0];

/** Subscribe attempts per client address and per mailbox within the throttle window. */
export const SUBSCRIBE_BUDGET = { perIp: 20, perEmail: 5 };

const EMAIL = /^[^\s@<>,;"]+@[^\s@<>,;"]+\.[^\s@<>,;"]+$/;

/** The address as stored (trimmed, lower-cased), or a 422 when it is not a plain address. */
export function normaliseEmail(raw: unknown): string {
  const email = typeof raw === 'string' ? raw.trim().toLowerCase() : '';
  if (email.length > 254 || !EMAIL.test(email)) {
    throw errors.validation_failed('email must be an e-mail address.', {
      errors: [{ path: 'email', message: 'must be an e-mail address' }],
    });
  }
  return email;
}

async function queueConfirmation(
  ctx: SubscriptionsDeps,
  trx: Db,
  channelId: number,
  sub: SubscriberRow,
  page: { title: string; slug: string },
  token: string,
  baseUrl: string,
) {
  const payload: SubscriberPayload = {
    event: 'status.confirm',
    subscriber_id: sub.id,
    page_title: page.title,
    subject: `Confirm your subscription to ${page.title}`,
    text: `Someone, hopefully you, asked to receive status updates of "${page.title}" (${baseUrl}/status/${page.slug}) at this address.\nNothing will be sent unless you confirm; if it was not you, ignore this mail.`,
    // Only the hash is kept with the subscriber; the mail's copy is encrypted until it is sent.
    sealed_token: encryptSecret(ctx.keys.encryption, token),
  };
  await enqueueNotification(trx, {
    channel_id: channelId,
    event: 'status.confirm',
    payload,
    dedup_key: `status.confirm:sub:${sub.id}:${hashConfirmToken(token).slice(0, 16)}`,
    max_attempts: ctx.outbox.maxAttempts,
  });
}

/**
 * Starts a double opt-in. Whatever the address's state (new, waiting, confirmed), the caller
 * gets the same answer, so the form cannot tell who is subscribed: a new or waiting address gets
 * a (fresh) confirmation mail, a confirmed one gets nothing. 404 when subscriptions are off or the
 * page is not public; 429 past the per-address and per-mailbox budgets.
 */
export async function subscribe(
  ctx: SubscriptionsDeps & ThrottleDeps,
  req: FastifyRequest,
  slug: string,
  rawEmail: unknown,
) {
  const transport = await subscriptionTransport(ctx.db);
  const page = transport ? await statusSubscribersRepo.publicPageBySlug(ctx.db, slug) : undefined;
  if (!transport || !page) throw errors.not_found('There is no such status page to subscribe to.');
  const email = normaliseEmail(rawEmail);
  const wait = await takeSlots(ctx, [
    [`subscribe:ip:${req.ip}`, SUBSCRIBE_BUDGET.perIp],
    [`subscribe:email:${email}`, SUBSCRIBE_BUDGET.perEmail],
  ]);
  if (wait > 0) throw rateLimited('Too many subscription requests', wait);
  const now = Date.now();
  const { token, hash } = newConfirmToken();
  await ctx.db.transaction().execute(async (trx) => {
    let sub = await statusSubscribersRepo.insertOnce(trx, {
      page_id: page.id,
      email,
      confirm_token_hash: hash,
      confirm_expires_at: now + CONFIRM_TTL_MS,
      confirmed_at: null,
      created_at: now,
    });
    if (!sub) {
      const existing = await statusSubscribersRepo.byPageAndEmail(trx, page.id, email);
      if (!existing || existing.confirmed_at !== null) return;
      // Asked again before confirming: the earlier link stops working, the new one is sent.
      await statusSubscribersRepo.renewToken(trx, existing.id, hash, now + CONFIRM_TTL_MS);
      sub = existing;
    }
    await queueConfirmation(ctx, trx, transport.channelId, sub, page, token, transport.baseUrl);
  });
  ctx.outbox.kick();
}

/** The page a pending confirmation link is for, or null (unknown, used or expired: one answer). */
export async function confirmationTarget(ctx: SubscriptionsDeps, token: string) {
  if (!(await subscriptionTransport(ctx.db))) return null;
  const sub = await statusSubscribersRepo.byTokenHash(ctx.db, hashConfirmToken(token));
  if (!sub || sub.confirm_expires_at === null || sub.confirm_expires_at <= Date.now()) return null;
  return (await statusSubscribersRepo.pageById(ctx.db, sub.page_id)) ?? null;
}

/** Confirms with a token (a POST: mail scanners fetch links with GET). Null when it does not apply. */
export async function confirmSubscription(ctx: SubscriptionsDeps, req: FastifyRequest, token: string) {
  const page = await confirmationTarget(ctx, token);
  if (!page) return null;
  const hash = hashConfirmToken(token);
  return ctx.db.transaction().execute(async (trx) => {
    const sub = await statusSubscribersRepo.byTokenHash(trx, hash);
    if (!sub || !(await statusSubscribersRepo.confirm(trx, sub.id, hash, Date.now()))) return null;
    await writeAudit(trx, req, {
      action: 'status_subscriber.confirm',
      resource_type: 'status_subscriber',
      resource_id: sub.id,
      detail: { page_id: sub.page_id },
    });
    return page;
  });
}

/**
 * What an unsubscribe link is for: null when the token was not made here (404), else the page
 * (null once the page is gone) and whether the subscription still exists. Works even while
 * subscriptions are switched off: leaving must always be possible.
 */
export async function unsubscribeTarget(ctx: SubscriptionsDeps, token: string) {
  const id = verifyUnsubscribeToken(ctx.keys.subscriptions, token);
  if (id === null) return null;
  const sub = await statusSubscribersRepo.byId(ctx.db, id);
  const page = sub ? await statusSubscribersRepo.pageById(ctx.db, sub.page_id) : undefined;
  return { id, subscribed: sub !== undefined, page: page ?? null };
}

/** Removes the subscription a link names (idempotent); null when the token is not valid. */
export async function unsubscribe(ctx: SubscriptionsDeps, req: FastifyRequest, token: string) {
  const target = await unsubscribeTarget(ctx, token);
  if (!target) return null;
  if (target.subscribed) {
    await ctx.db.transaction().execute(async (trx) => {
      if (await statusSubscribersRepo.remove(trx, target.id)) {
        await writeAudit(trx, req, {
          action: 'status_subscriber.unsubscribe',
          resource_type: 'status_subscriber',
          resource_id: target.id,
        });
      }
    });
  }
  return target;
}

/** A subscriber as admins see it; viewers get `email: null`. */
export function toSubscriberView(r: SubscriberRow, showEmail: boolean) {
  return {
    id: r.id,
    email: showEmail ? r.email : null,
    status: r.confirmed_at === null ? ('pending' as const) : ('confirmed' as const),
    created_at: new Date(r.created_at).toISOString(),
    confirmed_at: r.confirmed_at === null ? null : new Date(r.confirmed_at).toISOString(),
  };
}

export async function listSubscribers(
  ctx: SubscriptionsDeps,
  pageId: number,
  q: { limit: number; before_id?: number | undefined },
  showEmail: boolean,
) {
  if (!(await statusSubscribersRepo.pageExists(ctx.db, pageId)))
    throw errors.not_found(`Status page ${pageId} does not exist.`);
  const rows = await statusSubscribersRepo.list(ctx.db, pageId, q.limit, q.before_id);
  return rows.map((r) => toSubscriberView(r, showEmail));
}

export async function removeSubscriber(
  ctx: SubscriptionsDeps,
  req: FastifyRequest,
  pageId: number,
  id: number,
) {
  await audited(ctx, req, async (trx) => {
    if (!(await statusSubscribersRepo.remove(trx, id, pageId)))
      throw errors.not_found(`Status page ${pageId} has no subscriber ${id}.`);
    return [
      null,
      {
        action: 'status_subscriber.delete',
        resource_type: 'status_subscriber',
        resource_id: id,
        detail: { page_id: pageId },
      },
    ];
  });
}
