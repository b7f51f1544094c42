import { type Static, Type } from 'typebox';
import { messageFor } from '../format.js';
import { excerpt } from '../http-post.js';
import type { DeliveryOutcome, Provider, SendContext } from '../types.js';
import { Secret } from './common.js';

const Address = Type.String({ minLength: 3, maxLength: 1000 });
const Schema = Type.Object(
  {
    to: Address,
    from: Type.Optional(Address),
    host: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
    port: Type.Optional(Type.Integer({ minimum: 1, maximum: 65535 })),
    secure: Type.Optional(Type.Boolean()),
    username: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
    password: Type.Optional(Secret),
  },
  { additionalProperties: false },
);
type Config = Static<typeof Schema>;

const EMAIL = /^[^\s@<>,]+@[^\s@<>,]+$/;
// "Name <a@b>" or a bare address.
const MAILBOX = /^(?:[^<>]*<[^\s@<>,]+@[^\s@<>,]+>|[^\s@<>,]+@[^\s@<>,]+)$/;

/** SMTP through nodemailer; unset server fields fall back to the SMTP settings. */
export const emailProvider: Provider = {
  type: 'email',
  schema: Schema,
  secretFields: ['password'],
  destinationFields: ['host', 'port', 'secure'],
  validate(raw) {
    const c = raw as Config;
    const out: Array<[string, string]> = [];
    const bad = c.to
      .split(',')
      .map((a) => a.trim())
      .filter((a) => !EMAIL.test(a));
    if (bad.length > 0)
      out.push(['to', `must be email addresses separated by commas (not: ${bad.join(', ')})`]);
    if (c.from !== undefined && !MAILBOX.test(c.from.trim()))
      out.push(['from', 'must be an email address or "Name <address>"']);
    return out;
  },
  async send(raw, payload, ctx): Promise<DeliveryOutcome> {
    const c = raw as Config;
    const m = messageFor(payload, ctx);
    return sendSmtp(c, ctx, {
      to: c.to,
      subject: m.title,
      text: m.text,
      ...(ctx.custom?.html !== undefined && { html: ctx.custom.html }),
      headers: { 'X-Monitor-Event': payload.event, 'X-Idempotency-Key': ctx.idempotencyKey },
    });
  },
};

/** One message to send through an e-mail channel's server. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** A channel template's HTML body (values escaped), sent beside the text. */
  html?: string;
  /** Files sent with it (scheduled reports). */
  attachments?: { filename: string; contentType: string; content: Buffer }[];
  headers: Record<string, string>;
}

/**
 * Sends `mail` through the SMTP server and sender of an e-mail channel's config, falling back to
 * the SMTP settings for unset fields. Status page subscribers are mailed this way too, with the
 * subscriber as the recipient instead of the channel's own `to`.
 */
export async function sendSmtp(
  raw: Record<string, unknown>,
  ctx: Pick<SendContext, 'smtp' | 'timeoutMs'>,
  mail: Mail,
): Promise<DeliveryOutcome> {
  const c = raw as Config;
  const host = c.host ?? ctx.smtp.host;
  const from = c.from ?? ctx.smtp.from;
  if (!host)
    return { ok: false, status: null, error: 'no SMTP host: set config.host or the smtp_host setting' };
  if (!from) return { ok: false, status: null, error: 'no sender: set config.from or the smtp_from setting' };
  const secure = c.secure ?? ctx.smtp.secure;
  const username = c.username ?? ctx.smtp.username;
  const password = c.password ?? (c.username === undefined ? ctx.smtp.password : null);
  // nodemailer loads on the first e-mail, not at start (docs: Memory).
  const { createTransport } = await import('nodemailer');
  const transport = createTransport({
    host,
    port: c.port ?? ctx.smtp.port ?? (secure ? 465 : 587),
    secure,
    ...(username ? { auth: { user: username, pass: password ?? '' } } : {}),
    connectionTimeout: ctx.timeoutMs,
    greetingTimeout: ctx.timeoutMs,
    socketTimeout: ctx.timeoutMs,
  });
  try {
    await transport.sendMail({ from, ...mail });
    return { ok: true, status: null };
  } catch (e) {
    const err = e as Error & { responseCode?: number; response?: string; code?: string };
    const detail = err.response ? excerpt(err.response) : err.message;
    return {
      ok: false,
      status: err.responseCode ?? null,
      error: err.code ? `${err.code}: ${detail}` : detail,
      // An SMTP code, not an HTTP status: 4xx is temporary there (451 "try again later"), and a
      // refusal is retried as it always was.
      permanent: false,
    };
  } finally {
    transport.close();
  }
}
