import assert from 'node:assert/strict';
import parsePrometheusTextFormat, { type Family, type Sample } from 'parse-prometheus-text-format';

/** A parsed scrape, with lookups by family and labels. */
export interface Scrape {
  families: Map<string, Family>;
  /** The samples of a family whose labels include `match`. */
  samples(name: string, match?: Record<string, string>): Sample[];
  /** The one sample's numeric value, or undefined when there is none. */
  value(name: string, match?: Record<string, string>): number | undefined;
}

/** Parses the text exposition format with a real parser; a family split in two fails. */
export function parseScrape(text: string): Scrape {
  const list = parsePrometheusTextFormat(text);
  const families = new Map<string, Family>();
  for (const f of list) {
    assert.ok(!families.has(f.name), `family ${f.name} appears once, its lines together`);
    families.set(f.name, f);
  }
  const samples = (name: string, match: Record<string, string> = {}) =>
    (families.get(name)?.metrics ?? []).filter((s) =>
      Object.entries(match).every(([k, v]) => s.labels?.[k] === v),
    );
  return {
    families,
    samples,
    value(name, match) {
      const found = samples(name, match);
      assert.ok(found.length <= 1, `one ${name} sample for ${JSON.stringify(match)}`);
      return found[0] === undefined ? undefined : Number(found[0].value);
    },
  };
}
