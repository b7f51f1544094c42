import { type FieldProblem, valueProblems } from '@app/kit';
import type { TSchema } from 'typebox';

/** Validates `value` against a TypeBox schema, as field problems whose paths start with `prefix`. */
export function schemaProblems(schema: TSchema, value: unknown, prefix: string): FieldProblem[] {
  return valueProblems(schema, value).map((p) => ({
    path: [prefix, p.path].filter(Boolean).join('.'),
    message: p.message,
  }));
}
