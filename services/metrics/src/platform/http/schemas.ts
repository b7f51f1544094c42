import { Type } from 'typebox';

/** The Problem schema and problems() live in the kit so both services document errors alike. */
export { ProblemSchema as Problem, problems } from '@app/kit';

export const IdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });

/** ISO 8601 UTC text of an epoch-millisecond time, null kept. */
export const isoOrNull = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
