import type { Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';

/** One SMTP reply: its code and the text of each line (a multi-line EHLO reply lists the extensions). */
export interface SmtpReply {
  code: number;
  lines: string[];
}

/** A reply's one-line description for an error: `554 no service`. */
export const replyText = (r: SmtpReply): string => `${r.code} ${r.lines[0] ?? ''}`.trim();

// Longer replies are a server speaking something else: stop reading instead of buffering it all.
const MAX_REPLY = 64 * 1024;

/**
 * The client side of an SMTP conversation over a socket that can be swapped once (STARTTLS hands
 * the plain socket to TLS). Commands go one at a time, each awaiting its reply, as RFC 5321 has it
 * without PIPELINING. A socket error or close rejects the reply awaited.
 */
export class SmtpSession {
  private socket: Socket | TLSSocket;
  private buffer = '';
  private lines: string[] = [];
  private pending: { resolve: (r: SmtpReply) => void; reject: (e: Error) => void } | null = null;
  private failure: Error | null = null;

  constructor(socket: Socket | TLSSocket) {
    this.socket = socket;
    this.listen(socket);
  }

  /** Stops reading the current socket, e.g. before handing it to TLS. */
  release(): Socket | TLSSocket {
    this.socket.off('data', this.onData);
    this.socket.off('error', this.onError);
    this.socket.off('close', this.onClose);
    return this.socket;
  }

  /** Continues the conversation on `socket` (the TLS socket after STARTTLS). */
  switchTo(socket: TLSSocket): void {
    this.release();
    this.socket = socket;
    this.buffer = '';
    this.lines = [];
    this.listen(socket);
  }

  /** The next reply (the banner, or the answer to the command just sent). */
  read(): Promise<SmtpReply> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
      this.parse();
    });
  }

  /** Sends one command line and reads its reply. */
  command(line: string): Promise<SmtpReply> {
    this.socket.write(`${line}\r\n`);
    return this.read();
  }

  private listen(socket: Socket | TLSSocket): void {
    socket.on('data', this.onData);
    socket.on('error', this.onError);
    socket.on('close', this.onClose);
  }

  private readonly onData = (chunk: Buffer): void => {
    this.buffer += chunk.toString('utf8');
    if (this.buffer.length > MAX_REPLY)
      this.fail(new Error('the server sent an over-long reply (not SMTP?)'));
    else this.parse();
  };

  private readonly onError = (err: Error): void => this.fail(err);

  private readonly onClose = (): void => this.fail(new Error('connection closed by the server'));

  private fail(err: Error): void {
    this.failure ??= err;
    const p = this.pending;
    this.pending = null;
    p?.reject(this.failure);
  }

  private parse(): void {
    if (!this.pending) return;
    for (let end = this.buffer.indexOf('\n'); end >= 0; end = this.buffer.indexOf('\n')) {
      const line = this.buffer.slice(0, end).replace(/\r$/, '');
      this.buffer = this.buffer.slice(end + 1);
      const m = /^(\d{3})([ -]?)(.*)$/.exec(line);
      if (!m) {
        this.fail(new Error(`not an SMTP reply: ${JSON.stringify(line.slice(0, 80))}`));
        return;
      }
      this.lines.push(m[3]!);
      if (m[2] !== '-') {
        const reply = { code: Number(m[1]), lines: this.lines };
        this.lines = [];
        const p = this.pending;
        this.pending = null;
        p.resolve(reply);
        return;
      }
    }
  }
}
