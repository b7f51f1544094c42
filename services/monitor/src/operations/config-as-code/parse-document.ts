import { type FieldProblem, valueProblems } from '@app/kit';
import { Compile } from 'typebox/compile';
import { LineCounter, parseDocument } from 'yaml';
import { errors } from '../../errors.js';
import { ConfigDocument, type ConfigFile } from './config-document.js';

/** A document path (`monitors.3.url`) as a file position: `monitors[3].url`. */
export const position = (path: string) => path.replace(/\.(\d+)(?=\.|$)/g, '[$1]').replace(/^\./, '');

/** Refuses with a 422 listing every problem, by file position; nothing has been changed. */
export function refuse(problems: FieldProblem[], what = 'The configuration is invalid'): never {
  const named = problems.map((p) => ({ path: position(p.path), message: p.message }));
  const head = named
    .slice(0, 5)
    .map((p) => `${p.path}: ${p.message}`)
    .join('; ');
  const more = named.length > 5 ? ` (and ${named.length - 5} more)` : '';
  throw errors.validation_failed(`${what}: ${head}${more}. Nothing was changed.`, { errors: named });
}

// Compiled on first use (a plan of 5,000 monitors checks them all; the interpreter is slower).
let validator: { Check(value: unknown): boolean } | undefined;

/**
 * A file as sent: YAML text (JSON is YAML too) or an already parsed object. A syntax error is named
 * by line and column; a document that does not fit the schema by the paths of its fields.
 */
export function parseConfigFile(sent: unknown): ConfigFile {
  let doc = sent;
  if (typeof sent === 'string' && /^\s*\{/.test(sent)) {
    // JSON text (what the CLI sends): JSON.parse is far quicker than a YAML parser on large files.
    try {
      doc = JSON.parse(sent);
    } catch {
      doc = sent;
    }
  }
  if (typeof doc === 'string') {
    const lines = new LineCounter();
    const parsed = parseDocument(doc, { lineCounter: lines, uniqueKeys: true, prettyErrors: false });
    if (parsed.errors.length > 0) {
      refuse(
        parsed.errors.map((e) => {
          const at = lines.linePos(e.pos[0]);
          return { path: `line ${at.line}, column ${at.col}`, message: e.message.split('\n')[0]! };
        }),
        'The file is not valid YAML',
      );
    }
    doc = parsed.toJS({ maxAliasCount: 100 });
  }
  validator ??= Compile(ConfigDocument) as { Check(value: unknown): boolean };
  if (!validator.Check(doc)) {
    const problems = valueProblems(ConfigDocument, doc).map((p) => ({
      path: p.path || '(file)',
      message: p.message,
    }));
    refuse(problems);
  }
  return doc as ConfigFile;
}
