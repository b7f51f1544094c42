/** Escapes text for SVG/XML content and attribute values. */
export const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Shortens text to `n` characters with an ellipsis, keeping its end (file names matter most). */
export const clipStart = (s: string, n: number) => (s.length <= n ? s : `…${s.slice(s.length - n + 1)}`);

/** Shortens text to `n` characters with an ellipsis at the end. */
export const clipEnd = (s: string, n: number) => (s.length <= n ? s : `${s.slice(0, Math.max(1, n - 1))}…`);
