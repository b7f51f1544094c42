import { Type } from 'typebox';

/** The Problem schema and problems() live in the kit so both services document errors alike. */
export { ProblemSchema as Problem, problems } from '@app/kit';

// One declaration with the shapes shared with the web UI.
export { IsoDateTime } from '../../shared-types/schema-parts.js';
export const IdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });
export const NoContent = Type.Null({ description: 'No content' });

/** ISO 8601 UTC text of an epoch-millisecond time. */
export const iso = (ms: number) => new Date(ms).toISOString();
