import { connect } from 'node:net';

/** An HTTP/1.1 answer read off a raw socket. */
export interface RawResponse {
  status: number;
  /** Header names lower-cased; repeated headers keep the last value. */
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends `request` exactly as written (request line, headers, blank line) to 127.0.0.1:`port` and
 * reads until the server closes: for what no HTTP client will send, such as a malformed URL or
 * oversized headers. Send `Connection: close` when the request itself is well-formed.
 */
export function rawRequest(port: number, request: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (b) => chunks.push(b));
    socket.on('error', (err) => (chunks.length ? undefined : reject(err)));
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const end = text.indexOf('\r\n\r\n');
      if (end < 0) return reject(new Error(`no HTTP answer: ${JSON.stringify(text.slice(0, 200))}`));
      const [statusLine, ...lines] = text.slice(0, end).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(statusLine?.split(' ')[1]), headers, body: text.slice(end + 4) });
    });
    socket.write(request);
  });
}
