import { type TSchema, Type } from 'typebox';

/** RFC 9457 problem details as documented in the OpenAPI schema. */
export const Problem = Type.Object(
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

/** Error responses a route documents, by status. */
export function problems(...statuses: number[]): Record<number, TSchema> {
  return Object.fromEntries(statuses.map((s) => [s, ProblemRef]));
}

export const IdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });

/** ISO 8601 UTC text of an epoch-millisecond time, null kept. */
export const isoOrNull = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
