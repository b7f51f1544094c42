import escapeHtml from 'escape-html';
import Mustache from 'mustache';

// Templates are few and small; an unbounded parse cache keyed by template text is not worth it.
Mustache.templateCache = undefined;

/** Mustache's parse tree (mustache.js's documented token arrays). */
export type Token = [type: string, value: string, start: number, end: number, children?: Token[]];

/** Parses a template; throws with mustache's message (unclosed section, bad tag) when it cannot. */
export function parseTemplate(text: string): Token[] {
  return Mustache.parse(text) as unknown as Token[];
}

/**
 * Renders a validated template. Logic-less: no partials are ever given, and the view holds plain
 * data only, so there is nothing to call. `html` escapes values for HTML bodies (e-mail); every
 * other channel gets them as they are (chat tools escape what they show themselves).
 */
export function renderTemplate(text: string, view: unknown, html = false): string {
  return Mustache.render(text, view, {}, { escape: html ? escapeHtml : (s: unknown) => String(s) });
}
