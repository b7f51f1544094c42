import { Type } from 'typebox';
import { ConfigObject } from '../../shared-types/channel-shape.js';
import { ContactMethod, QuietHours, VerificationSent } from '../../shared-types/contact-method-shape.js';
import { ChannelTypeSchema } from '../channels/schema.js';

export { ContactMethod, QuietHours, VerificationSent };

export const ContactMethodBody = Type.Object(
  {
    label: Type.String({ minLength: 1, maxLength: 60, pattern: '^[^/]+$' }),
    type: ChannelTypeSchema,
    config: ConfigObject,
  },
  { additionalProperties: false },
);

export const CreatedContactMethod = Type.Object({
  ...ContactMethod.properties,
  verification: VerificationSent,
});

export const VerifyBody = Type.Object(
  { code: Type.String({ minLength: 1, maxLength: 12 }) },
  { additionalProperties: false },
);
