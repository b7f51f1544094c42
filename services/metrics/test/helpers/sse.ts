/** One received server-sent event. */
export interface ReceivedEvent {
  event: string;
  data: Record<string, unknown>;
}

/** Reads a whole SSE response until the server closes it (or the timeout passes). */
export async function readStream(url: string, timeoutMs = 120_000): Promise<ReceivedEvent[]> {
  const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  if (res.status !== 200) throw new Error(`stream answered ${res.status}`);
  if (!res.headers.get('content-type')?.startsWith('text/event-stream'))
    throw new Error('not an event stream');
  const text = await res.text();
  const events: ReceivedEvent[] = [];
  for (const block of text.split('\n\n')) {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith('event: ')) event = line.slice(7);
      else if (line.startsWith('data: ')) data.push(line.slice(6));
    }
    if (data.length > 0) events.push({ event, data: JSON.parse(data.join('\n')) });
  }
  return events;
}
