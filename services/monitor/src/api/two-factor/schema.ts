import { PATTERN_MESSAGE } from '@app/kit';
import { Type } from 'typebox';

// The answers' shapes are shared with the web UI.
export { Enrolment, TwoFactorStatus } from '../../shared-types/two-factor-shapes.js';

const Code = Type.String({
  pattern: '^[0-9]{6}$',
  [PATTERN_MESSAGE]: 'must be the 6 digits the app shows',
  description: 'A current 6-digit code of the authenticator app',
});

export const CodeBody = Type.Object({ code: Code }, { additionalProperties: false });
export const DisableBody = Type.Object(
  {
    code: Type.Optional(Code),
    password: Type.Optional(Type.String({ minLength: 1, maxLength: 1024 })),
  },
  { additionalProperties: false, description: 'Either a current code or the password' },
);
export const RecoveryCodes = Type.Object({
  recovery_codes: Type.Array(Type.String(), {
    description: 'Ten single-use codes for signing in without the app; shown this once, stored hashed',
  }),
});

export const Enabled = Type.Object({
  recovery_codes: RecoveryCodes.properties.recovery_codes,
  other_sessions_ended: Type.Integer({
    description:
      'The user’s other sessions, opened with the password alone, ended by turning two-factor on (this one goes on)',
  }),
});
