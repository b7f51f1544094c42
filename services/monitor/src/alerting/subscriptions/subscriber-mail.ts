import { decryptSecret } from '../../platform/crypto/secret-box.js';
import { statusSubscribersRepo } from '../../store/repos/status-subscribers-repo.js';
import type { Db } from '../../store/schema.js';
import { sendSmtp } from '../notify/providers/email.js';
import type { DeliveryOutcome, SendContext } from '../notify/types.js';
import { unsubscribeToken } from './subscription-tokens.js';

/** Outbox `event` values of subscriber mail start with this; the rest name what happened. */
export const SUBSCRIBER_EVENT_PREFIX = 'status.';

export type SubscriberEvent =
  | 'status.confirm'
  | 'status.incident_opened'
  | 'status.incident_update'
  | 'status.incident_resolved'
  | 'status.maintenance_started'
  | 'status.maintenance_ended';

/** Where the links of subscriber mail point (the token follows; both prefixes are redacted in logs). */
export const CONFIRM_PATH = '/status-subscriptions/confirm/';
export const UNSUBSCRIBE_PATH = '/status-subscriptions/unsubscribe/';

/**
 * What the outbox keeps for one subscriber mail. Links are added when it is sent: the unsubscribe
 * token is recomputed then, and the confirmation token travels only encrypted (`sealed_token`),
 * so no usable token sits in the database in clear.
 */
export interface SubscriberPayload {
  event: SubscriberEvent;
  subscriber_id: number;
  page_title: string;
  subject: string;
  text: string;
  sealed_token?: string;
}

export const isSubscriberEvent = (event: string) => event.startsWith(SUBSCRIBER_EVENT_PREFIX);

export interface SubscriberSendKeys {
  encryption: Buffer;
  subscriptions: Buffer;
}

/** Outcome plus whether retrying can help (the outbox gives up at once when it cannot). */
export type SubscriberOutcome = DeliveryOutcome & { permanent?: boolean };

const gone = (why: string): SubscriberOutcome => ({ ok: false, status: null, error: why, permanent: true });

/**
 * Sends one subscriber mail through the chosen e-mail channel's server: the subscriber is the
 * recipient, and every mail carries an unsubscribe link plus the one-click headers (RFC 8058).
 */
export async function sendSubscriberMail(
  db: Db,
  keys: SubscriberSendKeys,
  channelConfig: Record<string, unknown>,
  payload: SubscriberPayload,
  ctx: SendContext,
): Promise<SubscriberOutcome> {
  if (!ctx.appBaseUrl) return gone('app_base_url is not set: subscriber mail needs it for its links');
  const sub = await statusSubscribersRepo.byId(db, payload.subscriber_id);
  if (!sub) return gone('the subscriber has unsubscribed or was removed');
  const isConfirm = payload.event === 'status.confirm';
  if (isConfirm ? sub.confirmed_at !== null : sub.confirmed_at === null) {
    return gone(isConfirm ? 'the subscriber has confirmed already' : 'the subscriber has not confirmed');
  }
  const base = ctx.appBaseUrl.replace(/\/+$/, '');
  const unsubscribe = `${base}${UNSUBSCRIBE_PATH}${unsubscribeToken(keys.subscriptions, sub.id)}`;
  let text = payload.text;
  if (isConfirm) {
    if (!payload.sealed_token) return gone('the confirmation mail has no token');
    const token = decryptSecret(keys.encryption, payload.sealed_token);
    text += `\n\nConfirm your subscription (the link works for 48 hours):\n${base}${CONFIRM_PATH}${token}\n`;
  }
  text += `\n--\nYou receive this because this address subscribed to the status page "${payload.page_title}".\nUnsubscribe: ${unsubscribe}\n`;
  return sendSmtp(channelConfig, ctx, {
    to: sub.email,
    subject: payload.subject,
    text,
    headers: {
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'X-Monitor-Event': payload.event,
      'X-Idempotency-Key': ctx.idempotencyKey,
      'Auto-Submitted': 'auto-generated',
    },
  });
}
