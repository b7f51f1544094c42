// Reads a PDF back with pdf.js: its page count and the text of each page, for assertions.
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** Page count and per-page text of a PDF document. */
export async function readPdf(bytes: Uint8Array): Promise<{ pages: number; text: string[] }> {
  const doc = await getDocument({
    data: new Uint8Array(bytes),
    useSystemFonts: false,
    isEvalSupported: false,
  }).promise;
  const text: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const page = await doc.getPage(i);
    const content = await page.getTextContent();
    text.push(content.items.map((it) => ('str' in it ? it.str : '')).join(' '));
  }
  const pages = doc.numPages;
  await doc.destroy();
  return { pages, text };
}
