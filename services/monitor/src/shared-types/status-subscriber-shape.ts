// A status page's e-mail subscriber as the admin subscribers endpoint answers it.
import { type Static, Type } from 'typebox';
import { IsoDateTime } from './schema-parts.js';

export const StatusSubscriber = Type.Object({
  id: Type.Integer(),
  email: Type.Union([Type.String(), Type.Null()], { description: 'Shown to admins only (null for viewers)' }),
  status: Type.Union([Type.Literal('pending'), Type.Literal('confirmed')]),
  created_at: IsoDateTime,
  confirmed_at: Type.Union([IsoDateTime, Type.Null()]),
});

export type StatusSubscriber = Static<typeof StatusSubscriber>;
