import type { FieldProblem } from '@app/kit';

// Checks every kind of the file shares: keys once per kind, unique names, references by key.

/** Each entry's key once per kind: a repeated key is a problem at the later entry. */
export function keysOnce(list: { key: string }[], kind: string, problems: FieldProblem[]) {
  const seen = new Map<string, number>();
  list.forEach((e, i) => {
    const first = seen.get(e.key);
    if (first !== undefined) {
      problems.push({
        path: `${kind}.${i}.key`,
        message: `"${e.key}" is already the key of ${kind}[${first}]`,
      });
    } else seen.set(e.key, i);
  });
  return new Set(seen.keys());
}

/** Names a table keeps unique (tags, channels, policies; pages' slugs) must be unique in the file too. */
export function namesOnce<F extends string = 'name'>(
  list: readonly Record<NoInfer<F>, string>[],
  kind: string,
  problems: FieldProblem[],
  field = 'name' as F,
) {
  const seen = new Map<string, number>();
  list.forEach((e, i) => {
    const first = seen.get(e[field]);
    if (first !== undefined) {
      problems.push({
        path: `${kind}.${i}.${field}`,
        message: `"${e[field]}" is already the ${field} of ${kind}[${first}]`,
      });
    } else seen.set(e[field], i);
  });
}

/** A reference by key to an object of the file that is not there. */
export function missingRef(
  list: string[] | undefined,
  keys: Set<string>,
  at: string,
  kind: string,
  problems: FieldProblem[],
) {
  (list ?? []).forEach((k, i) => {
    if (!keys.has(k))
      problems.push({ path: `${at}.${i}`, message: `no ${kind} of this file has the key "${k}"` });
  });
}
