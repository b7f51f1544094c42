// The coupling diagram's geometry: files around a circle (d3-chord), a ribbon per coupled pair whose
// ends are as wide as the commits the pair shares.
import { type Chord, type ChordSubgroup, chord, ribbon } from 'd3-chord';
import { arc } from 'd3-shape';
import type { CouplingPair } from '../api/types.js';

export interface ChordGroup {
  path: string;
  /** The arc's SVG path. */
  d: string;
  /** Mid-angle in radians, clockwise from 12 o'clock, where the label goes. */
  angle: number;
  /** Arc length at the label radius, to decide whether a label fits. */
  span: number;
  partners: number;
}

export interface ChordRibbon {
  pair: CouplingPair;
  d: string;
}

/** Lays the pairs out on a circle of `radius`; files are ordered by path so a folder's files sit together. */
export function couplingChord(
  pairs: CouplingPair[],
  radius: number,
  thickness = 14,
): { groups: ChordGroup[]; ribbons: ChordRibbon[] } {
  const names = [...new Set(pairs.flatMap((p) => [p.path_a, p.path_b]))].sort();
  const index = new Map(names.map((n, i) => [n, i]));
  const matrix = names.map(() => names.map(() => 0));
  const partners = names.map(() => 0);
  const byCell = new Map<string, CouplingPair>();
  for (const p of pairs) {
    const a = index.get(p.path_a) ?? 0;
    const b = index.get(p.path_b) ?? 0;
    matrix[a]![b] = p.shared_commits;
    matrix[b]![a] = p.shared_commits;
    partners[a]! += 1;
    partners[b]! += 1;
    byCell.set(`${Math.min(a, b)}:${Math.max(a, b)}`, p);
  }
  const pad = names.length > 1 ? Math.min(0.04, (Math.PI * 0.5) / names.length) : 0;
  const layout = chord()
    .padAngle(pad)
    .sortSubgroups((x, y) => y - x)(matrix);
  const arcPath = arc<{ startAngle: number; endAngle: number }>()
    .innerRadius(radius)
    .outerRadius(radius + thickness);
  const ribbonPath = ribbon<Chord, ChordSubgroup>().radius(radius - 1);
  const groups = layout.groups.map((g) => ({
    path: names[g.index] ?? '',
    d: arcPath(g) ?? '',
    angle: (g.startAngle + g.endAngle) / 2,
    span: (g.endAngle - g.startAngle) * (radius + thickness + 6),
    partners: partners[g.index] ?? 0,
  }));
  const ribbons: ChordRibbon[] = [];
  for (const c of layout) {
    const a = Math.min(c.source.index, c.target.index);
    const b = Math.max(c.source.index, c.target.index);
    const pair = byCell.get(`${a}:${b}`);
    // The generator returns the path string when it has no canvas context.
    if (pair) ribbons.push({ pair, d: String(ribbonPath(c) ?? '') });
  }
  return { groups, ribbons };
}
