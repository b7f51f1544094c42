// The dashboard's tag filter (`env` or `env:prod`), read by the service's monitor list and the web UI alike.
import type { MonitorTag } from './group-shapes.js';

/** A tag filter of the dashboard's URL: `env` (any value) or `env:prod` (that value). */
export function parseTagFilter(text: string): { name: string; value: string | null } {
  const at = text.indexOf(':');
  return at < 0 ? { name: text, value: null } : { name: text.slice(0, at), value: text.slice(at + 1) };
}

/** Whether a monitor's tags pass a tag filter. */
export function matchesTag(tags: readonly MonitorTag[], filter: { name: string; value: string | null }) {
  return tags.some((t) => t.name === filter.name && (filter.value === null || t.value === filter.value));
}
