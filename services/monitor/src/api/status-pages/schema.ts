import { MULTILINE, PATTERN_MESSAGE } from '@app/kit';
import { Type } from 'typebox';
import { orNull } from '../../platform/settings/nullable.js';
import { UptimeDays } from '../../shared-types/status-page-shape.js';

// The answer's shape is shared with the web UI.
export { StatusPage } from '../../shared-types/status-page-shape.js';

export const SLUG_PATTERN = '^[a-z0-9-]{1,64}$';

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
      [PATTERN_MESSAGE]: 'must be lower-case letters, digits and dashes',
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
