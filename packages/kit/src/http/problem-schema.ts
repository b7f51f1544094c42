import { type TSchema, Type } from 'typebox';

/** RFC 9457 problem details as documented in OpenAPI; register once with `app.addSchema(ProblemSchema)`. */
export const ProblemSchema = Type.Object(
  {
    type: Type.String(),
    title: Type.String(),
    status: Type.Integer(),
    detail: Type.String(),
    code: Type.String(),
    errors: Type.Optional(Type.Array(Type.Object({ path: Type.String(), message: Type.String() }))),
  },
  { $id: 'Problem', additionalProperties: true },
);

const ProblemRef = Type.Ref('Problem');

/** The error responses a route documents, by status: `response: { 200: X, ...problems(401, 422) }`. */
export function problems(...statuses: number[]): Record<number, TSchema> {
  return Object.fromEntries(statuses.map((s) => [s, ProblemRef]));
}
