/** One server-sent event. `data` is JSON-encoded unless it is already a string. */
export interface SseEvent {
  id?: string | number;
  event?: string;
  data: unknown;
  retry?: number;
}

/**
 * Frames an event per the HTML SSE grammar: every line of the payload gets its own `data:`
 * field (a bare newline would end the event early) and CR/LF never leak into id or event.
 */
export function formatSseEvent(ev: SseEvent): string {
  let out = '';
  if (ev.id !== undefined) out += `id: ${String(ev.id).replace(/[\r\n]/g, '')}\n`;
  if (ev.event !== undefined) out += `event: ${ev.event.replace(/[\r\n]/g, '')}\n`;
  if (ev.retry !== undefined) out += `retry: ${Math.max(0, Math.floor(ev.retry))}\n`;
  const text = typeof ev.data === 'string' ? ev.data : JSON.stringify(ev.data);
  for (const line of text.split(/\r\n|\r|\n/)) out += `data: ${line}\n`;
  return `${out}\n`;
}

/** A comment line: ignored by clients, keeps proxies from closing an idle stream. */
export function formatSseComment(text: string): string {
  return `: ${text.replace(/[\r\n]/g, ' ')}\n\n`;
}
