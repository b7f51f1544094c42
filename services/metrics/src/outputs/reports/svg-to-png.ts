import { Resvg } from '@resvg/resvg-js';
import { FONT_FAMILY, FONTS } from './fonts.js';

/** Rasterises an SVG document to PNG at `width` pixels with the bundled fonts only. */
export function svgToPng(svg: string, width: number): Buffer {
  const r = new Resvg(svg, {
    fitTo: { mode: 'width', value: width },
    font: {
      fontFiles: [FONTS.regular, FONTS.bold, FONTS.mono],
      loadSystemFonts: false,
      defaultFontFamily: FONT_FAMILY,
    },
  });
  return r.render().asPng();
}
