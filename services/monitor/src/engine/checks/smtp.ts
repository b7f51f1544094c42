import { isIP, type Socket } from 'node:net';
import { hostname } from 'node:os';
import type { TLSSocket } from 'node:tls';
import { authorizationCode, type CertificateVerdict, judgeCertificate } from './certificate-verdict.js';
import type { CheckSockets } from './check-sockets.js';
import type { CheckType } from './check-type.js';
import type { Deadline } from './deadline.js';
import { describeError } from './errors.js';
import { downOutcome, elapsedMs, upOutcome } from './outcome.js';
import { underDeadline } from './service-deadline.js';
import { credentialsOf, parseServiceUrl } from './service-url.js';
import { replyText, type SmtpReply, SmtpSession } from './smtp-session.js';
import type { CheckOutcome, CheckTarget } from './types.js';

const SCHEMES = { smtp: 25, smtps: 465 };

/** URL and field rules of an smtp monitor (see validate.ts). */
export function validateSmtp(
  target: CheckTarget,
  url: string,
  add: (path: string, message: string) => void,
): void {
  const where = parseServiceUrl(url, SCHEMES);
  if (typeof where === 'string') add('url', where);
  else {
    if (where.url.pathname !== '' && where.url.pathname !== '/')
      add('url', 'must have no path: smtp://host[:port]');
    if (where.scheme === 'smtps' && target.starttls) {
      add(
        'starttls',
        'does not apply to smtps:// (TLS from the start): use smtp:// with starttls, or smtps:// alone',
      );
    }
  }
}

// The name given in EHLO: this machine's, when it is a plausible domain name, else an address literal.
const EHLO_NAME = /^[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?$/.test(hostname())
  ? hostname()
  : '[127.0.0.1]';

/** A conversation that ended in a failed check: its reason, and the certificate read so far if any. */
class SmtpFailure extends Error {
  constructor(
    message: string,
    readonly answered: boolean,
  ) {
    super(message);
  }
}

/**
 * Connects to an SMTP server (TLS from the start for smtps://), wants the 220 banner and a 250
 * answer to EHLO; with `starttls`, upgrades the connection and says EHLO again; with credentials,
 * authenticates (AUTH PLAIN, or LOGIN when that is all the server offers); then QUIT. The
 * certificate of smtps/STARTTLS is judged as a tls monitor's (days left, warning, invalid).
 * Up time is connect to the last answer before QUIT. Connects from `localAddress` when given.
 */
export async function checkSmtp(
  target: CheckTarget,
  deadline: Deadline,
  sockets: CheckSockets,
  localAddress?: string,
): Promise<CheckOutcome> {
  const from = localAddress ? { localAddress } : {};
  const where = parseServiceUrl(target.url ?? '', SCHEMES);
  if (typeof where === 'string') return downOutcome(where);
  const servername = isIP(where.host) ? undefined : where.host;
  const start = performance.now();
  let verdict: CertificateVerdict | null = null;
  let answered = false;
  try {
    const responseTime = await underDeadline(
      deadline,
      () => sockets.end(),
      async () => {
        let session: SmtpSession;
        if (where.scheme === 'smtps') {
          const tls = sockets.connectTls({
            host: where.host,
            port: where.port,
            servername,
            rejectUnauthorized: false,
            ...from,
          });
          session = new SmtpSession(tls);
          await secured(tls);
          verdict = judgeCertificate(
            tls.getPeerCertificate(),
            authorizationCode(tls.authorized, tls.authorizationError),
            target,
          );
          if (verdict.down) throw new SmtpFailure(verdict.down, true);
        } else {
          const plain = sockets.connect({ host: where.host, port: where.port, ...from });
          session = new SmtpSession(plain);
        }
        const banner = await session.read();
        answered = true;
        if (banner.code !== 220) throw new SmtpFailure(`unexpected banner: ${replyText(banner)}`, true);
        let ehlo = await expect(session.command(`EHLO ${EHLO_NAME}`), 250, 'EHLO');
        if (target.starttls && where.scheme === 'smtp') {
          if (!offers(ehlo, 'STARTTLS')) throw new SmtpFailure('the server does not offer STARTTLS', true);
          await expect(session.command('STARTTLS'), 220, 'STARTTLS');
          const plain = session.release() as Socket;
          // TLS owns the socket now and reports its failures; the plain one must not throw unheard.
          plain.on('error', () => {});
          const tls = sockets.connectTls({ socket: plain, servername, rejectUnauthorized: false });
          session.switchTo(tls);
          await secured(tls);
          verdict = judgeCertificate(
            tls.getPeerCertificate(),
            authorizationCode(tls.authorized, tls.authorizationError),
            target,
          );
          if (verdict.down) throw new SmtpFailure(verdict.down, true);
          ehlo = await expect(session.command(`EHLO ${EHLO_NAME}`), 250, 'EHLO after STARTTLS');
        }
        const login = credentialsOf(target, where.url);
        if (login.username || login.password) await authenticate(session, ehlo, login);
        const elapsed = elapsedMs(start);
        // A polite goodbye, but its answer is not the check's business: the socket is destroyed next.
        await session.command('QUIT').catch(() => undefined);
        return elapsed;
      },
    );
    const v = verdict as CertificateVerdict | null;
    return upOutcome({
      response_time_ms: responseTime,
      tls_days_left: v?.tls_days_left ?? null,
      warning: v?.warning ?? null,
    });
  } catch (err) {
    const v = verdict as CertificateVerdict | null;
    const spoke = (answered || (err instanceof SmtpFailure && err.answered)) && !deadline.signal.aborted;
    const extra = {
      response_time_ms: spoke ? elapsedMs(start) : null,
      tls_days_left: v?.tls_days_left ?? null,
    };
    return downOutcome(err instanceof SmtpFailure ? err.message : describeError(err, deadline), extra);
  }
}

function secured(tls: TLSSocket): Promise<void> {
  return new Promise((resolve, reject) => {
    tls.once('secureConnect', () => resolve());
    tls.once('error', reject);
  });
}

async function expect(reply: Promise<SmtpReply>, code: number, what: string): Promise<SmtpReply> {
  const r = await reply;
  if (r.code !== code) throw new SmtpFailure(`${what} refused: ${replyText(r)}`, true);
  return r;
}

// EHLO lists one extension per line after the greeting: `STARTTLS`, `AUTH PLAIN LOGIN`…
function offers(ehlo: SmtpReply, keyword: string): string[] | null {
  for (const line of ehlo.lines.slice(1)) {
    const [name, ...params] = line.trim().split(/\s+/);
    if (name?.toUpperCase() === keyword) return params.map((p) => p.toUpperCase());
  }
  return null;
}

async function authenticate(
  session: SmtpSession,
  ehlo: SmtpReply,
  auth: { username: string; password: string },
) {
  const mechanisms = offers(ehlo, 'AUTH');
  if (mechanisms === null)
    throw new SmtpFailure('auth failed: the server offers no AUTH (STARTTLS first?)', true);
  const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');
  let reply: SmtpReply;
  if (mechanisms.includes('PLAIN')) {
    reply = await session.command(`AUTH PLAIN ${b64(`\0${auth.username}\0${auth.password}`)}`);
  } else if (mechanisms.includes('LOGIN')) {
    await expect(session.command('AUTH LOGIN'), 334, 'AUTH LOGIN');
    await expect(session.command(b64(auth.username)), 334, 'AUTH LOGIN');
    reply = await session.command(b64(auth.password));
  } else {
    throw new SmtpFailure(
      `auth failed: the server offers only ${mechanisms.join(', ')} (PLAIN or LOGIN needed)`,
      true,
    );
  }
  if (reply.code === 235) return;
  throw new SmtpFailure(reply.code === 535 ? 'auth failed' : `auth failed: ${replyText(reply)}`, true);
}

/** The smtp monitor type, as registry.ts lists it. */
export const smtpCheck: CheckType = {
  run: (target, { deadline, sockets, from }) => checkSmtp(target, deadline, sockets, from),
  validate: validateSmtp,
  service: { reads: ['starttls'] },
  defaultPorts: SCHEMES,
};
