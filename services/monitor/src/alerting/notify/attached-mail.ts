import { sendSmtp } from './providers/email.js';
import type { DeliveryOutcome, SendContext } from './types.js';

/**
 * Outbox rows of this event are a finished e-mail with attachments (a scheduled SLA report) sent
 * through an e-mail channel's SMTP server to the row's own recipients, not the channel's `to`. The
 * message is built before it is queued, so delivery needs nothing of the layers above alerting.
 */
export const ATTACHED_MAIL_EVENT = 'report.mail';

export interface AttachedMailPayload {
  to: string[];
  subject: string;
  text: string;
  attachments: { filename: string; content_type: string; content_base64: string }[];
}

export const isAttachedMailEvent = (event: string) => event === ATTACHED_MAIL_EVENT;

export function sendAttachedMail(
  config: Record<string, unknown>,
  payload: AttachedMailPayload,
  ctx: SendContext,
): Promise<DeliveryOutcome> {
  return sendSmtp(config, ctx, {
    to: payload.to.join(', '),
    subject: payload.subject,
    text: payload.text,
    attachments: payload.attachments.map((a) => ({
      filename: a.filename,
      contentType: a.content_type,
      content: Buffer.from(a.content_base64, 'base64'),
    })),
    headers: { 'X-Monitor-Event': ATTACHED_MAIL_EVENT, 'X-Idempotency-Key': ctx.idempotencyKey },
  });
}
