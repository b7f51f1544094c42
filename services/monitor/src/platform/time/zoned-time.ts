/**
 * Wall-clock time in an IANA zone, read through Intl (Node ships full ICU): the zone rules come from
 * the ICU data, nothing here knows about any particular zone or its daylight-saving dates.
 */

export interface LocalDateTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const formats = new Map<string, Intl.DateTimeFormat>();

function formatOf(tz: string): Intl.DateTimeFormat {
  let f = formats.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(tz, f);
  }
  return f;
}

/** True when Intl knows the zone. */
export function isTimeZone(tz: string): boolean {
  try {
    formatOf(tz);
    return true;
  } catch {
    return false;
  }
}

/** How far the zone's wall clock is ahead of UTC at instant `utcMs` (ms, whole seconds). */
export function zoneOffsetMs(tz: string, utcMs: number): number {
  const parts: Record<string, number> = {};
  for (const p of formatOf(tz).formatToParts(new Date(utcMs))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return wall - (utcMs - (((utcMs % 1000) + 1000) % 1000));
}

/** The wall-clock reading of the zone at `utcMs`. */
export function toLocal(tz: string, utcMs: number): LocalDateTime {
  const d = new Date(utcMs + zoneOffsetMs(tz, utcMs));
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
  };
}

/**
 * The instant the zone's clocks read `local`. A reading that happens twice (the autumn change)
 * is its first pass; one that never happens (the spring gap) is read with the offset in force
 * before the gap, which lands the same length of time after the gap's start.
 */
export function fromLocal(tz: string, local: LocalDateTime): number {
  const wall = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute);
  // The offset a few hours either side of the reading covers both candidates.
  const before = zoneOffsetMs(tz, wall - 14 * 3_600_000);
  const after = zoneOffsetMs(tz, wall + 14 * 3_600_000);
  const first = wall - before;
  if (zoneOffsetMs(tz, first) === before) return first;
  const second = wall - after;
  if (zoneOffsetMs(tz, second) === after) return second;
  return first;
}

/** `local` moved by whole calendar days (the wall time stays; months and years roll over). */
export function addDays(local: LocalDateTime, days: number): LocalDateTime {
  const d = new Date(Date.UTC(local.year, local.month - 1, local.day + days));
  return { ...local, year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** Parses `YYYY-MM-DDTHH:MM` (seconds not taken), or null. */
export function parseLocal(text: string): LocalDateTime | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(text);
  if (!m) return null;
  const v = { year: +m[1]!, month: +m[2]!, day: +m[3]!, hour: +m[4]!, minute: +m[5]! };
  const d = new Date(Date.UTC(v.year, v.month - 1, v.day, v.hour, v.minute));
  const same =
    d.getUTCFullYear() === v.year &&
    d.getUTCMonth() + 1 === v.month &&
    d.getUTCDate() === v.day &&
    d.getUTCHours() === v.hour &&
    d.getUTCMinutes() === v.minute;
  return same ? v : null;
}
