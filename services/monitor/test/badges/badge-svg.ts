import { DOMParser, type Element } from '@xmldom/xmldom';

/** What a parsed badge shows: its visible texts (label, value) and the value's colour. */
export interface ParsedBadge {
  label: string;
  message: string;
  colour: string;
  title: string;
}

/** Parses a badge as XML (a malformed document throws) and reads what a viewer sees. */
export function parseBadge(svg: string): ParsedBadge {
  const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
  const root = doc.documentElement;
  if (!root) throw new Error('an empty document');
  if (root.tagName !== 'svg') throw new Error('not an SVG document');
  const all = (name: string) => Array.from(root.getElementsByTagName(name)) as Element[];
  // The visible texts are those without the shadow's fill-opacity; the label comes first.
  const texts = all('text')
    .filter((t) => !t.hasAttribute('fill-opacity'))
    .map((t) => t.textContent ?? '');
  // The first two rectangles of the clipped group are the label's and the value's backgrounds.
  const rects = all('rect').filter((r) => r.parentNode?.nodeName === 'g');
  const title = all('title')[0]?.textContent ?? '';
  if (texts.length === 1)
    return { label: '', message: texts[0]!, colour: rects[0]!.getAttribute('fill')!, title };
  return { label: texts[0]!, message: texts[1]!, colour: rects[1]!.getAttribute('fill')!, title };
}
