import assert from 'node:assert/strict';
import { type AddressInfo, createServer, type Server } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { runCheck } from '../../src/engine/checks/index.js';
import { closedPort, makeCert } from '../peers/index.js';
import { type SilentServer, startSilentServer, target } from './servers.js';

const LOGIN = { username: 'mailer', password: 'right-pass-1' };

/** A real SMTP server on loopback (smtp-server), with its certificate and the logins it accepts. */
async function startSmtp(options: SMTPServerOptions) {
  const server = new SMTPServer({
    logger: false,
    authOptional: true,
    onAuth(auth, _session, cb) {
      if (auth.username === LOGIN.username && auth.password === LOGIN.password)
        cb(null, { user: auth.username });
      else cb(new Error('Invalid username or password'));
    },
    ...options,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('smtp check against a loopback SMTP server', () => {
  let starttls: Awaited<ReturnType<typeof startSmtp>>;
  let implicit: Awaited<ReturnType<typeof startSmtp>>;
  let plainOnly: Awaited<ReturnType<typeof startSmtp>>;
  let busy: Server;
  let busyPort: number;
  let silent: SilentServer;

  before(async () => {
    const cert = await makeCert(10);
    starttls = await startSmtp({ key: cert.key, cert: cert.cert });
    implicit = await startSmtp({ key: cert.key, cert: cert.cert, secure: true });
    plainOnly = await startSmtp({ disabledCommands: ['STARTTLS'], allowInsecureAuth: true });
    // A server that turns every client away in its banner, as a relay at capacity does.
    busy = createServer((socket) => {
      socket.on('error', () => {});
      socket.end('554 5.3.2 no service for you\r\n');
    });
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    busyPort = (busy.address() as AddressInfo).port;
    silent = await startSilentServer();
  });
  after(async () => {
    await starttls.close();
    await implicit.close();
    await plainOnly.close();
    await new Promise<void>((resolve) => busy.close(() => resolve()));
    await silent.close();
  });

  test('banner 220 and EHLO 250 are up; no TLS means no certificate days', async () => {
    const out = await runCheck(target('smtp', `smtp://127.0.0.1:${plainOnly.port}`));
    assert.equal(out.status, 'up', out.error ?? '');
    assert.ok(Number.isInteger(out.response_time_ms));
    assert.equal(out.tls_days_left, null);
    assert.equal(out.warning, null);
  });

  test('STARTTLS upgrades, records the certificate’s days left and warns within tls_warn_days', async () => {
    const out = await runCheck(
      target('smtp', `smtp://127.0.0.1:${starttls.port}`, {
        starttls: true,
        ignore_tls_errors: true,
        tls_warn_days: 14,
      }),
    );
    assert.equal(out.status, 'up', out.error ?? '');
    assert.equal(out.tls_days_left, 10);
    assert.match(
      out.warning ?? '',
      /^certificate expires in 10 days \(.+Z\), within the 14-day warning threshold$/,
    );
    const calm = await runCheck(
      target('smtp', `smtp://127.0.0.1:${starttls.port}`, {
        starttls: true,
        ignore_tls_errors: true,
        tls_warn_days: 7,
      }),
    );
    assert.equal(calm.warning, null);
  });

  test('smtps:// is TLS from the first byte', async () => {
    const out = await runCheck(
      target('smtp', `smtps://127.0.0.1:${implicit.port}`, { ignore_tls_errors: true }),
    );
    assert.equal(out.status, 'up', out.error ?? '');
    assert.equal(out.tls_days_left, 10);
  });

  test('an untrusted certificate is down with the reason and the days left', async () => {
    const out = await runCheck(target('smtp', `smtp://127.0.0.1:${starttls.port}`, { starttls: true }));
    assert.equal(out.status, 'down');
    assert.equal(out.error, 'certificate invalid: self-signed certificate (DEPTH_ZERO_SELF_SIGNED_CERT)');
    assert.equal(out.tls_days_left, 10);
  });

  test('credentials log in after STARTTLS; a wrong password is "auth failed"', async () => {
    const url = `smtp://127.0.0.1:${starttls.port}`;
    const good = await runCheck(
      target('smtp', url, { starttls: true, ignore_tls_errors: true, auth: { type: 'basic', ...LOGIN } }),
    );
    assert.equal(good.status, 'up', good.error ?? '');
    const bad = await runCheck(
      target('smtp', `smtp://${LOGIN.username}:wrong-pass@127.0.0.1:${starttls.port}`, {
        starttls: true,
        ignore_tls_errors: true,
      }),
    );
    assert.equal(bad.status, 'down');
    assert.equal(bad.error, 'auth failed');
    assert.ok(bad.response_time_ms !== null);
  });

  test('STARTTLS asked of a server that does not offer it is down saying so', async () => {
    const out = await runCheck(target('smtp', `smtp://127.0.0.1:${plainOnly.port}`, { starttls: true }));
    assert.equal(out.status, 'down');
    assert.equal(out.error, 'the server does not offer STARTTLS');
  });

  test('a banner other than 220 is down quoting it', async () => {
    const out = await runCheck(target('smtp', `smtp://127.0.0.1:${busyPort}`));
    assert.equal(out.status, 'down');
    assert.equal(out.error, 'unexpected banner: 554 5.3.2 no service for you');
  });

  test('refused and timed out connections are down without a response time', async () => {
    const port = await closedPort();
    const refused = await runCheck(target('smtp', `smtp://127.0.0.1:${port}`));
    assert.equal(refused.error, `connect ECONNREFUSED 127.0.0.1:${port}`);
    assert.equal(refused.response_time_ms, null);
    const slow = await runCheck(target('smtp', `smtp://127.0.0.1:${silent.port}`, { timeout_seconds: 1 }));
    assert.equal(slow.error, 'timeout after 1000 ms');
    assert.equal(slow.response_time_ms, null);
    const slowTls = await runCheck(
      target('smtp', `smtps://127.0.0.1:${silent.port}`, { timeout_seconds: 1 }),
    );
    assert.equal(slowTls.error, 'timeout after 1000 ms');
    assert.equal(silent.accepted(), 2);
    await silent.settled();
  });
});
