import {
  addDays,
  fromLocal,
  type LocalDateTime,
  parseLocal,
  toLocal,
} from '../../platform/time/zoned-time.js';

export type RotationUnit = 'hours' | 'days' | 'weeks';

/** One layer of a schedule: members taking turns, in order, from the first hand-off on. */
export interface Layer {
  name: string;
  /** User ids in rotation order; the first is on call from `start`. */
  members: number[];
  rotation_length: number;
  rotation_unit: RotationUnit;
  /** The first hand-off, local to the schedule's zone (`YYYY-MM-DDTHH:MM`); sets the hand-off time. */
  start: string;
  /** Local end of the layer (exclusive), or null: it runs on. */
  end: string | null;
}

/** Who a layer has on call at an instant, and the shift's bounds (epoch ms). */
export interface Shift {
  user_id: number;
  from: number;
  to: number;
}

const HOUR = 3_600_000;

/**
 * The instant the k-th shift of the layer begins. Day and week rotations step in calendar days on
 * the zone's wall clock, so a 09:00 hand-off stays 09:00 local across a daylight-saving change
 * (that shift is an hour shorter or longer); hour rotations step in elapsed time.
 */
export function handOff(layer: Layer, tz: string, first: LocalDateTime, k: number): number {
  if (layer.rotation_unit === 'hours') return fromLocal(tz, first) + k * layer.rotation_length * HOUR;
  const days = layer.rotation_length * (layer.rotation_unit === 'weeks' ? 7 : 1);
  return fromLocal(tz, addDays(first, k * days));
}

function nominalMs(layer: Layer): number {
  const per = layer.rotation_unit === 'hours' ? 1 : layer.rotation_unit === 'days' ? 24 : 168;
  return layer.rotation_length * per * HOUR;
}

/** The layer's bounds as instants: [start, end). */
export function layerSpan(layer: Layer, tz: string): { from: number; to: number } {
  const start = parseLocal(layer.start);
  const end = layer.end ? parseLocal(layer.end) : null;
  return {
    from: start ? fromLocal(tz, start) : Number.POSITIVE_INFINITY,
    to: end ? fromLocal(tz, end) : Number.POSITIVE_INFINITY,
  };
}

/** The layer's shift covering `at`, or null (before its start, after its end, or no members). */
export function shiftAt(layer: Layer, tz: string, at: number): Shift | null {
  const first = parseLocal(layer.start);
  if (!first || layer.members.length === 0) return null;
  const span = layerSpan(layer, tz);
  if (at < span.from || at >= span.to) return null;
  // Elapsed time over the nominal length is right to within a shift; the wall clock settles it.
  let k = Math.max(0, Math.floor((at - span.from) / nominalMs(layer)));
  while (k > 0 && handOff(layer, tz, first, k) > at) k--;
  while (handOff(layer, tz, first, k + 1) <= at) k++;
  return {
    user_id: layer.members[k % layer.members.length]!,
    from: handOff(layer, tz, first, k),
    to: Math.min(handOff(layer, tz, first, k + 1), span.to),
  };
}

/** The local wall-clock reading of a hand-off, for messages and the timeline. */
export function localOf(tz: string, at: number): string {
  const l = toLocal(tz, at);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${l.year}-${p(l.month)}-${p(l.day)}T${p(l.hour)}:${p(l.minute)}`;
}
