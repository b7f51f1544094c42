import hljs from 'highlight.js/lib/core';
import python from 'highlight.js/lib/languages/python';

hljs.registerLanguage('python', python);

// highlight.js escapes the text it returns, so its HTML holds only its own span tags and entities.
const TOKEN = /<span class="[^"]*">|<\/span>|\n|[^<\n]+/g;

/**
 * Python source as one HTML string per line (classes only, no style attributes, so the strict CSP
 * holds). Tokens that span lines (strings, docstrings) are closed at each line end and reopened on
 * the next line, so every line is well-formed on its own.
 */
export function highlightLines(text: string): string[] {
  const html = hljs.highlight(text, { language: 'python', ignoreIllegals: true }).value;
  const lines: string[] = [];
  const open: string[] = [];
  let cur = '';
  for (const m of html.matchAll(TOKEN)) {
    const t = m[0];
    if (t === '\n') {
      lines.push(cur + '</span>'.repeat(open.length));
      cur = open.join('');
    } else if (t === '</span>') {
      open.pop();
      cur += t;
    } else {
      if (t.startsWith('<span')) open.push(t);
      cur += t;
    }
  }
  // A final newline ends the last line; it does not start an empty one.
  if (!text.endsWith('\n') || lines.length === 0) lines.push(cur + '</span>'.repeat(open.length));
  return lines;
}
