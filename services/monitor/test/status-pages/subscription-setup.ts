import assert from 'node:assert/strict';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { RunningServer } from '../../src/server.js';
import { decodedBody, type ReceivedMail, type SmtpReceiver } from '../peers-providers/smtp-receiver.js';

export const BASE_URL = 'http://status.example.test';

type As = (token: string, opts: InjectOptions) => Promise<LightMyRequestResponse>;

/** Turns subscriptions on: an e-mail channel to `smtp` and the two settings it needs. */
export async function enableSubscriptions(as: As, superadmin: string, smtp: SmtpReceiver): Promise<number> {
  const ch = await as(superadmin, {
    method: 'POST',
    url: '/api/channels',
    payload: {
      name: 'status-mail',
      type: 'email',
      config: {
        to: 'ops@example.test',
        from: 'Status <status@example.test>',
        host: '127.0.0.1',
        port: smtp.port,
      },
    },
  });
  assert.equal(ch.statusCode, 201, ch.body);
  const set = await as(superadmin, {
    method: 'PUT',
    url: '/api/settings',
    payload: { app_base_url: BASE_URL, status_subscriptions_channel_id: ch.json().id },
  });
  assert.equal(set.statusCode, 200, set.body);
  return ch.json().id;
}

/** A status page with one section through the admin API; returns its id. */
export async function createStatusPage(
  as: As,
  token: string,
  p: { slug: string; title: string; monitorIds: number[]; isPublic?: boolean },
): Promise<number> {
  const res = await as(token, {
    method: 'POST',
    url: '/api/status-pages',
    payload: {
      slug: p.slug,
      title: p.title,
      is_public: p.isPublic ?? true,
      sections: [{ name: 'Services', monitor_ids: p.monitorIds }],
    },
  });
  assert.equal(res.statusCode, 201, res.body);
  return res.json().id;
}

/** Subscribes like the public page's form does (url-encoded post). */
export function subscribeByForm(s: RunningServer, slug: string, email: string, ip = '127.0.0.1') {
  return s.app.inject({
    method: 'POST',
    url: `/status/${slug}/subscribe`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    payload: new URLSearchParams({ email }).toString(),
    remoteAddress: ip,
  });
}

/** Waits for a mail to `to` whose subject contains `subject`. */
export async function mailTo(
  smtp: SmtpReceiver,
  to: string,
  subject: string,
  ms = 15_000,
): Promise<ReceivedMail> {
  const until = Date.now() + ms;
  for (;;) {
    const m = smtp.messages.find((x) => x.to.includes(to) && decodedBody(x.raw).includes(subject));
    if (m) return m;
    if (Date.now() > until) throw new Error(`no mail to ${to} about "${subject}"`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The path (from BASE_URL on) of the first link in a mail that starts with `prefix`. */
export function linkIn(mail: ReceivedMail, prefix: string): string {
  const body = decodedBody(mail.raw);
  const m = new RegExp(`${BASE_URL.replace(/\./g, '\\.')}(${prefix}[A-Za-z0-9_.-]+)`).exec(body);
  assert.ok(m, `no ${prefix} link in:\n${body}`);
  return m[1]!;
}
