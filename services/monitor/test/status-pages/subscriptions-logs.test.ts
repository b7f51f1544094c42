import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { SmtpReceiver } from '../peers-providers/smtp-receiver.js';
import { ADMIN, apiCall, type RunningMonitor, startMonitor } from '../web/service.js';
import { BASE_URL, linkIn, mailTo } from './subscription-setup.js';

describe('subscription link tokens never reach the log of a running monitor', () => {
  let m: RunningMonitor;
  let smtp: SmtpReceiver;
  const tokens: string[] = [];
  let log = '';

  before(async () => {
    smtp = await SmtpReceiver.start();
    m = await startMonitor({ LOG_LEVEL: 'info' });
    const login = await fetch(`${m.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const { access_token: token } = (await login.json()) as { access_token: string };
    const ch = await apiCall<{ id: number }>(m.base, token, 'POST', '/api/channels', {
      name: 'status-mail',
      type: 'email',
      config: { to: 'ops@example.test', from: 'status@example.test', host: '127.0.0.1', port: smtp.port },
    });
    await apiCall(m.base, token, 'PUT', '/api/settings', {
      app_base_url: BASE_URL,
      status_subscriptions_channel_id: ch.id,
    });
    const mon = await apiCall<{ id: number }>(m.base, token, 'POST', '/api/monitors', {
      name: 'Site',
      url: 'http://127.0.0.1:9/',
      check_interval_seconds: 3600,
    });
    await apiCall(m.base, token, 'POST', '/api/status-pages', {
      slug: 'logs',
      title: 'Logs',
      is_public: true,
      sections: [{ name: 'Services', monitor_ids: [mon.id] }],
    });

    const sub = await fetch(`${m.base}/status/logs/subscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=log-reader%40example.test',
    });
    assert.equal(sub.status, 200);
    const mail = await mailTo(smtp, 'log-reader@example.test', 'Confirm your subscription');
    const confirm = linkIn(mail, '/status-subscriptions/confirm/');
    const unsubscribe = linkIn(mail, '/status-subscriptions/unsubscribe/');
    tokens.push(confirm.split('/').pop()!, unsubscribe.split('/').pop()!);
    assert.equal((await fetch(m.base + confirm)).status, 200);
    assert.equal((await fetch(m.base + confirm, { method: 'POST' })).status, 200);
    assert.equal((await fetch(m.base + confirm, { method: 'POST' })).status, 404);
    assert.equal((await fetch(m.base + unsubscribe)).status, 200);
    assert.equal((await fetch(m.base + unsubscribe, { method: 'POST' })).status, 200);
    await m.stop();
    log = m.proc.output();
  });
  after(async () => {
    await m?.stop();
    await smtp.close();
  });

  test('neither token appears in any log line', () => {
    for (const t of tokens) assert.ok(!log.includes(t), `a token leaked into the log:\n${log}`);
    // The unsubscribe token's MAC part alone must not be there either.
    assert.ok(!log.includes(tokens[1]!.split('.')[1]!));
  });

  test('the requests are logged with the token replaced', () => {
    const urls = log
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { req?: { url?: string } })
      .flatMap((l) => (l.req?.url ? [l.req.url] : []));
    assert.ok(urls.includes('/status-subscriptions/confirm/[REDACTED]'), urls.join(' '));
    assert.ok(urls.includes('/status-subscriptions/unsubscribe/[REDACTED]'), urls.join(' '));
  });
});
