import type { FieldProblem } from '@app/kit';

// `${NAME}` in any string of a file stands for an environment variable of whoever applies it (the
// CLI sends the values of the names the file uses; the API takes them in the request's `env`).
// `$${` writes a literal `${`. Secrets live only there: the file can be committed and reviewed.
const REF = /\$(\$?)\{([A-Za-z_][A-Za-z0-9_]*)\}/g;
/** How a message names the reference form without writing a placeholder. */
export const REF_FORM = `$${'{'}ENV_NAME}`;
const WHOLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The variable names a value (any depth) refers to, each once, in order of appearance. */
export function referencedNames(value: unknown, out = new Set<string>()): Set<string> {
  if (typeof value === 'string') {
    for (const m of value.matchAll(REF)) if (m[1] === '') out.add(m[2]!);
  } else if (Array.isArray(value)) {
    for (const v of value) referencedNames(v, out);
  } else if (value !== null && typeof value === 'object') {
    for (const v of Object.values(value)) referencedNames(v, out);
  }
  return out;
}

/** Whether a string refers to at least one variable: what a secret must do instead of holding one. */
export const hasReference = (s: string) => [...s.matchAll(REF)].some((m) => m[1] === '');

/** A valid environment variable name (what `env` may hold). */
export const isVariableName = (s: string) => WHOLE_NAME.test(s);

/**
 * Replaces every reference in `value` by its variable's value. A variable `env` does not have is a
 * problem at the path of the string that names it, so an apply refuses before it changes anything.
 */
export function resolveReferences<T>(
  value: T,
  env: Readonly<Record<string, string>>,
  path: string,
  problems: FieldProblem[],
): T {
  if (typeof value === 'string') {
    return value.replace(REF, (whole, escaped: string, name: string) => {
      if (escaped) return whole.slice(1);
      const v = Object.hasOwn(env, name) ? env[name] : undefined;
      if (v === undefined) {
        problems.push({ path, message: `refers to \${${name}}, which is not set` });
        return whole;
      }
      return v;
    }) as T;
  }
  if (Array.isArray(value))
    return value.map((v, i) => resolveReferences(v, env, `${path}.${i}`, problems)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, resolveReferences(v, env, `${path}.${k}`, problems)]),
    ) as T;
  }
  return value;
}
