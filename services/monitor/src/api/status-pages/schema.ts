import { MULTILINE } from '@app/kit';
import { Type } from 'typebox';
import { IsoDateTime } from '../../http/schemas.js';
import { orNull } from '../../settings/nullable.js';

export const SLUG_PATTERN = '^[a-z0-9-]{1,64}$';

const UptimeDays = Type.Union([Type.Literal(30), Type.Literal(60), Type.Literal(90), Type.Literal(365)], {
  description: 'Days of uptime bars and the uptime percentage window',
});

const Section = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    monitor_ids: Type.Array(Type.Integer({ minimum: 1 }), {
      maxItems: 1000,
      description: 'In display order; each monitor at most once per section; at most 1,000 over all sections',
    }),
  },
  { additionalProperties: false },
);

export const StatusPageBody = Type.Object(
  {
    slug: Type.String({
      pattern: SLUG_PATTERN,
      description: 'Lower-case letters, digits and dashes; the page is served at /status/{slug}',
    }),
    title: Type.String({ minLength: 1, maxLength: 200 }),
    description: Type.Optional(orNull(Type.String({ maxLength: 5000, [MULTILINE]: true }))),
    footer: Type.Optional(orNull(Type.String({ maxLength: 2000, [MULTILINE]: true }))),
    sections: Type.Optional(Type.Array(Section, { maxItems: 50, default: [] })),
    uptime_days: Type.Optional(UptimeDays),
    is_public: Type.Optional(Type.Boolean({ default: false })),
  },
  { additionalProperties: false },
);

export const StatusPage = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  title: Type.String(),
  description: Type.Union([Type.String(), Type.Null()]),
  footer: Type.Union([Type.String(), Type.Null()]),
  sections: Type.Array(Type.Object({ name: Type.String(), monitor_ids: Type.Array(Type.Integer()) })),
  uptime_days: UptimeDays,
  is_public: Type.Boolean(),
  url: Type.String({ description: 'Path of the public page (served only while is_public)' }),
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
});
