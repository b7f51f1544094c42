// Categorical colours for main authors on the knowledge treemap: the Okabe–Ito set (told apart with the
// common colour-vision deficiencies) plus two; authors beyond them share one grey.
import type { AuthorRef } from '../api/types.js';

const PALETTE = [
  '#0072b2',
  '#e69f00',
  '#009e73',
  '#cc79a7',
  '#56b4e9',
  '#d55e00',
  '#f0e442',
  '#7f3c8d',
  '#3b8f7a',
  '#a0522d',
];
export const OTHER_AUTHORS = '#8d99ae';
export const NO_AUTHOR = '#d3d7de';

/** The key that tells authors apart (the service already merged them through .mailmap). */
export const authorKey = (p: AuthorRef) => `${p.name} <${p.email}>`;

/** A colour for each of the first authors (most files first); the rest fall back to OTHER_AUTHORS. */
export function authorColours(authors: AuthorRef[]): Map<string, string> {
  return new Map(authors.slice(0, PALETTE.length).map((a, i) => [authorKey(a), PALETTE[i]!]));
}

export const PALETTE_SIZE = PALETTE.length;
