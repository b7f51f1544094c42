import { PATTERN_MESSAGE } from '@app/kit';
import { Type } from 'typebox';
import { MfaRequired, TokenPair } from '../../shared-types/auth-shapes.js';

// The answers' shapes are shared with the web UI.
export { AccountType, Me, MfaRequired, Session, TokenPair } from '../../shared-types/auth-shapes.js';

export const RefreshTransport = Type.Union([Type.Literal('body'), Type.Literal('cookie')], {
  description:
    '`body` (default): the refresh token is in the JSON answer. `cookie`: it is set as an httpOnly cookie and left out of the answer (browsers).',
});
export const LoginBody = Type.Object(
  {
    username: Type.String({ minLength: 1, maxLength: 200 }),
    password: Type.String({ minLength: 1, maxLength: 1024 }),
    refresh_transport: Type.Optional(RefreshTransport),
  },
  { additionalProperties: false },
);
export const RefreshBody = Type.Object(
  {
    refresh_token: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 200,
        description: 'Leave out to use the refresh cookie set by a cookie sign-in.',
      }),
    ),
  },
  { additionalProperties: false },
);
// Length and strength are the password policy's (src/auth/password-policy.ts), which answers with
// messages meant for people; the schema only bounds the size.
export const Password = Type.String({
  maxLength: 1024,
  description: 'At least 12 characters, not the username (forwards or backwards), not a common password.',
});
export const ChangePasswordBody = Type.Object(
  { current_password: Type.String({ minLength: 1, maxLength: 1024 }), new_password: Password },
  { additionalProperties: false },
);
export const LoginAnswer = Type.Union([TokenPair, MfaRequired]);
export const MfaLoginBody = Type.Object(
  {
    mfa_token: Type.String({ minLength: 1, maxLength: 200 }),
    code: Type.Optional(
      Type.String({
        pattern: '^[0-9]{6}$',
        [PATTERN_MESSAGE]: 'must be the 6 digits the app shows',
        description: 'The current 6-digit code of the authenticator app',
      }),
    ),
    recovery_code: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 64,
        description: 'One of the recovery codes, instead of a code',
      }),
    ),
    refresh_transport: Type.Optional(RefreshTransport),
  },
  { additionalProperties: false },
);

export const SessionParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });
export const RevokedCount = Type.Object({ revoked: Type.Integer() });
