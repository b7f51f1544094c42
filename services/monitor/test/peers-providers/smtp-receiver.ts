import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the SMTP server received it. */
export interface ReceivedMail {
  from: string | null;
  to: string[];
  /** The authenticated user, if the client logged in. */
  user: string | null;
  /** The raw message (headers and body). */
  raw: string;
}

/**
 * A real SMTP server on loopback (no TLS, so no certificates are needed): it accepts one login
 * (when given) and records every message.
 */
export class SmtpReceiver {
  readonly messages: ReceivedMail[] = [];
  /** While above 0, each message is refused with a temporary 451 (and the count goes down). */
  refusals = 0;
  /** Messages refused so far. */
  refused = 0;

  private constructor(private readonly server: SMTPServer) {}

  static async start(login?: { username: string; password: string }): Promise<SmtpReceiver> {
    let receiver: SmtpReceiver | null = null;
    const server = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      authOptional: !login,
      logger: false,
      onAuth(auth, _session, cb) {
        if (login && auth.username === login.username && auth.password === login.password) {
          cb(null, { user: auth.username });
        } else {
          cb(new Error('Invalid username or password'));
        }
      },
      onData(stream, session, cb) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          if (receiver && receiver.refusals > 0) {
            receiver.refusals--;
            receiver.refused++;
            return cb(Object.assign(new Error('mailbox busy, try again later'), { responseCode: 451 }));
          }
          receiver?.messages.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
            to: session.envelope.rcptTo.map((r) => r.address),
            user: typeof session.user === 'string' ? session.user : null,
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          cb();
        });
      },
    });
    receiver = new SmtpReceiver(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  get port(): number {
    return (this.server.server.address() as AddressInfo).port;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** A received message's text with quoted-printable soft breaks and escapes undone (enough for links). */
export function decodedBody(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** One header of a raw message (unfolded), or null. */
export function headerOf(raw: string, name: string): string | null {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line ? line.slice(name.length + 1).trim() : null;
}
