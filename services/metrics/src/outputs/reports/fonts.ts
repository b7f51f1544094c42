import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

// The fonts ship with the npm package `dejavu-fonts-ttf`, so rendering needs no system fonts.
const dir = join(dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');

/** TrueType files the renderers embed. */
export const FONTS = {
  regular: join(dir, 'DejaVuSans.ttf'),
  bold: join(dir, 'DejaVuSans-Bold.ttf'),
  mono: join(dir, 'DejaVuSansMono.ttf'),
};

/** The family name inside those files, for SVG text. */
export const FONT_FAMILY = 'DejaVu Sans';
