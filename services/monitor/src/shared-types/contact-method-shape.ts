// A personal contact method as /api/contact-methods answers it (issue 33).
import { type Static, Type } from 'typebox';
import { IsoDateTime } from './schema-parts.js';

export const ContactMethod = Type.Object({
  id: Type.Integer(),
  user_id: Type.Integer(),
  label: Type.String(),
  type: Type.String({ description: 'A channel type (providers)' }),
  config: Type.Record(Type.String(), Type.Unknown(), { description: 'Secrets read back as "********"' }),
  verified: Type.Boolean({ description: 'Only verified methods are paged' }),
  verified_at: Type.Union([IsoDateTime, Type.Null()]),
  created_at: IsoDateTime,
});

export const VerificationSent = Type.Object({
  sent: Type.Boolean(),
  error: Type.Union([Type.String(), Type.Null()], { description: "The provider's answer when not sent" }),
});

const HhMm = Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$', description: 'Local time, HH:MM' });
export const QuietHours = Type.Object(
  {
    time_zone: Type.String({ minLength: 1, maxLength: 64 }),
    start: HhMm,
    end: { ...HhMm, description: 'Local time, HH:MM; before start: the hours wrap midnight' },
    min_severity: Type.Union([Type.Literal('critical'), Type.Literal('warning'), Type.Literal('info')], {
      description: 'Notifications below this severity wait until the quiet hours end',
    }),
  },
  { additionalProperties: false },
);

export type ContactMethod = Static<typeof ContactMethod>;
export type QuietHours = Static<typeof QuietHours>;
export type VerificationSent = Static<typeof VerificationSent>;
