// An API key as the api-keys endpoints answer it (the key itself only once, at creation).
import { type Static, Type } from 'typebox';
import { IsoDateTime } from './schema-parts.js';

const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);

export const ApiKey = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  prefix: Type.String({ description: 'The first characters of the key, to recognise it' }),
  user_id: Type.Integer(),
  created_at: IsoDateTime,
  last_used_at: Nullable(IsoDateTime),
  expires_at: Nullable(IsoDateTime),
});
export const CreatedApiKey = Type.Intersect([
  ApiKey,
  Type.Object({ raw_key: Type.String({ description: 'The key itself: shown in this response only' }) }),
]);

export type ApiKey = Static<typeof ApiKey>;
export type CreatedApiKey = Static<typeof CreatedApiKey>;
