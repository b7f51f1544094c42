import { request } from 'node:http';

/**
 * Opens a monitor instance's dashboard stream (`/api/sse/dashboard`) and calls `onEvent` with each
 * event's type, data and the time `clock` read as its chunk arrived; resolves to a closer.
 */
export function listenDashboard(
  base: string,
  token: string,
  onEvent: (event: string, data: string, at: number) => void,
  clock: () => number = Date.now,
): Promise<() => void> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}/api/sse/dashboard`,
      { headers: { accept: 'text/event-stream', authorization: `Bearer ${token}` } },
      (res) => {
        res.setEncoding('utf8');
        let buffer = '';
        res.on('data', (chunk: string) => {
          const at = clock();
          buffer += chunk;
          for (let i = buffer.indexOf('\n\n'); i >= 0; i = buffer.indexOf('\n\n')) {
            const block = buffer.slice(0, i);
            buffer = buffer.slice(i + 2);
            let event = '';
            let data = '';
            for (const line of block.split('\n')) {
              if (line.startsWith('event: ')) event = line.slice(7);
              else if (line.startsWith('data: ')) data = line.slice(6);
            }
            if (event) onEvent(event, data, at);
          }
        });
        res.on('error', () => {});
        resolve(() => req.destroy());
      },
    );
    req.on('error', reject);
    req.end();
  });
}
