import type { FieldProblem } from '@app/kit';
import { parseTemplate, type Token } from './render-template.js';
import { TEMPLATE_VARIABLES, type VarSpec } from './template-variables.js';

type Scope = Record<string, VarSpec>;

/** The spec a dotted name resolves to from the innermost scope outwards (mustache's own lookup). */
function resolve(name: string, scopes: Scope[]): VarSpec | null {
  const [head, ...rest] = name.split('.');
  for (let s = scopes.length - 1; s >= 0; s--) {
    const scope = scopes[s]!;
    if (!Object.hasOwn(scope, head!)) continue;
    let spec: VarSpec | undefined = scope[head!];
    for (const part of rest) {
      spec = spec?.kind === 'object' && Object.hasOwn(spec.fields, part) ? spec.fields[part] : undefined;
      if (!spec) return null;
    }
    return spec ?? null;
  }
  return null;
}

function walk(tokens: Token[], scopes: Scope[], inSection: boolean, found: Set<string>, other: string[]) {
  for (const [type, value, , , children] of tokens) {
    if (type === 'text' || type === '!' || type === '=') continue;
    if (type === '>') {
      other.push(`partials ({{> ${value}}}) are not supported`);
      continue;
    }
    const spec =
      value === '.' ? (inSection ? ({ kind: 'value', doc: '' } as VarSpec) : null) : resolve(value, scopes);
    if (!spec) found.add(value);
    if ((type === '#' || type === '^') && children) {
      const inner: Scope =
        spec?.kind === 'object' ? spec.fields : spec?.kind === 'list' && type === '#' ? spec.item : {};
      walk(children, [...scopes, inner], true, found, other);
    }
  }
}

/**
 * The problems of one template field: a syntax error, a partial, or each name that is not a
 * documented variable (so `{{monitor.nmae}}` is refused instead of rendering as nothing).
 */
export function templateProblems(path: string, text: string): FieldProblem[] {
  let tokens: Token[];
  try {
    tokens = parseTemplate(text);
  } catch (e) {
    return [{ path, message: `is not a valid template: ${(e as Error).message}` }];
  }
  const unknown = new Set<string>();
  const other: string[] = [];
  walk(tokens, [TEMPLATE_VARIABLES], false, unknown, other);
  return [
    ...[...unknown].map((name) => ({ path, message: `unknown variable "${name}"` })),
    ...other.map((message) => ({ path, message })),
  ];
}
