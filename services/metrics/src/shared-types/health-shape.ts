// The health endpoint's answer (pyscan's HealthSection), shared with the web UI, which imports the types only.
import { type Static, Type } from 'typebox';

export const DeductionShape = Type.Object({
  kind: Type.Union([
    Type.Literal('complexity'),
    Type.Literal('cognitive'),
    Type.Literal('nesting'),
    Type.Literal('length'),
    Type.Literal('parameters'),
    Type.Literal('duplication'),
    Type.Literal('coverage'),
    Type.Literal('findings'),
    Type.Literal('cycles'),
  ]),
  points: Type.Number({ description: 'Points taken off 10.' }),
  detail: Type.String(),
});
const Score = Type.Number({
  minimum: 1,
  maximum: 10,
  description: '1-10, 10 best: 10 minus the deductions.',
});
const Deductions = Type.Array(DeductionShape);

export const HealthResponse = Type.Object({
  health: Score,
  deductions: Deductions,
  files: Type.Array(Type.Object({ path: Type.String(), health: Score, deductions: Deductions })),
  functions: Type.Array(
    Type.Object({
      path: Type.String(),
      class: Type.String(),
      name: Type.String(),
      lineno: Type.Integer(),
      endline: Type.Integer(),
      health: Score,
      deductions: Deductions,
    }),
  ),
});
export type HealthResponse = Static<typeof HealthResponse>;
export type Deduction = Static<typeof DeductionShape>;

export const HealthQuery = Type.Object({ path: Type.Optional(Type.String({ minLength: 1 })) });
