import { type Layer, layerSpan, shiftAt } from './rotation.js';

/** An override: `user_id` is on call from `starts_at` to `ends_at` (epoch ms), whatever the layers say. */
export interface Override {
  id: number;
  user_id: number;
  starts_at: number;
  ends_at: number;
}

export interface ScheduleRules {
  time_zone: string;
  /** Lowest first: a later layer wins wherever it has someone on call. */
  layers: Layer[];
  overrides: Override[];
}

/** Who is on call at an instant, why, and until when this answer holds at the latest. */
export interface OnCallAnswer {
  user_id: number | null;
  source: { kind: 'override'; override_id: number } | { kind: 'layer'; layer: number } | null;
  /** The answer holds from `from` (inclusive) until `to` (exclusive); Infinity: no change ahead. */
  from: number;
  to: number;
}

/**
 * The person on call at `at`: the newest override covering it, else the highest layer with
 * someone on call, else nobody. `from`/`to` bound the stretch over which nothing changes, so a
 * timeline is built by stepping from one `to` to the next.
 */
export function onCallAt(rules: ScheduleRules, at: number): OnCallAnswer {
  const tz = rules.time_zone;
  let from = Number.NEGATIVE_INFINITY;
  let to = Number.POSITIVE_INFINITY;
  // Every override and layer boundary that lies ahead or behind narrows the stretch.
  const bound = (start: number, end: number) => {
    if (start <= at) from = Math.max(from, start);
    else to = Math.min(to, start);
    if (end <= at) from = Math.max(from, end);
    else to = Math.min(to, end);
  };
  let override: Override | null = null;
  for (const o of rules.overrides) {
    bound(o.starts_at, o.ends_at);
    if (o.starts_at <= at && at < o.ends_at && (!override || o.id > override.id)) override = o;
  }
  let pick: { layer: number; user_id: number } | null = null;
  rules.layers.forEach((layer, i) => {
    const span = layerSpan(layer, tz);
    bound(span.from, span.to);
    const shift = shiftAt(layer, tz, at);
    if (!shift) return;
    bound(shift.from, shift.to);
    pick = { layer: i, user_id: shift.user_id };
  });
  if (override) {
    return { user_id: override.user_id, source: { kind: 'override', override_id: override.id }, from, to };
  }
  const p = pick as { layer: number; user_id: number } | null;
  return p
    ? { user_id: p.user_id, source: { kind: 'layer', layer: p.layer }, from, to }
    : { user_id: null, source: null, from, to };
}

/** One stretch of a timeline: who (null: nobody) from `from` to `to`. */
export interface TimelineEntry {
  user_id: number | null;
  source: OnCallAnswer['source'];
  from: number;
  to: number;
}

/**
 * Who is on call over [from, to), as consecutive stretches (neighbours with the same person and
 * source merged). Bounded by `maxEntries` so a one-hour rotation over a long range stays cheap.
 */
export function timeline(rules: ScheduleRules, from: number, to: number, maxEntries = 2000): TimelineEntry[] {
  const out: TimelineEntry[] = [];
  let t = from;
  while (t < to && out.length < maxEntries) {
    const a = onCallAt(rules, t);
    const end = Math.min(a.to, to);
    const last = out[out.length - 1];
    if (last && last.user_id === a.user_id && JSON.stringify(last.source) === JSON.stringify(a.source)) {
      last.to = end;
    } else {
      out.push({ user_id: a.user_id, source: a.source, from: t, to: end });
    }
    t = end;
  }
  return out;
}
