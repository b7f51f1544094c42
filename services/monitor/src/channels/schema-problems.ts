import type { FieldProblem } from '@app/kit';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';

interface Issue {
  keyword: string;
  instancePath: string;
  message: string;
  params: Record<string, unknown>;
}

/** Validates `value` against a TypeBox schema, as field problems whose paths start with `prefix`. */
export function schemaProblems(schema: TSchema, value: unknown, prefix: string): FieldProblem[] {
  const out: FieldProblem[] = [];
  const at = (parts: string[]) => [prefix, ...parts].filter(Boolean).join('.');
  for (const raw of Value.Errors(schema, value) as Iterable<Issue>) {
    const parts = raw.instancePath.split('/').filter(Boolean);
    if (raw.keyword === 'required' && Array.isArray(raw.params.requiredProperties)) {
      for (const p of raw.params.requiredProperties as string[])
        out.push({ path: at([...parts, p]), message: 'is required' });
    } else if (raw.keyword === 'additionalProperties' && Array.isArray(raw.params.additionalProperties)) {
      for (const p of raw.params.additionalProperties as string[])
        out.push({ path: at([...parts, p]), message: 'is not a known field' });
    } else if (raw.keyword === 'boolean') {
      // "schema is false" repeats an additionalProperties issue already reported above.
    } else {
      out.push({ path: at(parts), message: raw.message });
    }
  }
  return out;
}
