import { makeBadge } from 'badge-maker';

/** shields.io's named colours, so the badges look like every other badge in a README. */
export const BADGE_COLOURS = {
  green: '#4c1',
  yellowgreen: '#a4a61d',
  yellow: '#dfb317',
  orange: '#fe7d37',
  red: '#e05d44',
  blue: '#007ec6',
  grey: '#9f9f9f',
} as const;
export type BadgeColour = keyof typeof BADGE_COLOURS;

/** One badge: the left-hand label, the value, and the value's colour. */
export interface BadgeFace {
  label: string;
  message: string;
  colour: BadgeColour;
}

/** The flat SVG of a badge; badge-maker escapes label and message as XML text. */
export function renderBadge(face: BadgeFace): string {
  return makeBadge({
    label: face.label,
    message: face.message,
    color: BADGE_COLOURS[face.colour],
    style: 'flat',
  });
}
