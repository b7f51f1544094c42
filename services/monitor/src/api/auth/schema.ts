import { Type } from 'typebox';

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
export const TokenPair = Type.Object({
  access_token: Type.String(),
  refresh_token: Type.Optional(
    Type.String({ description: 'Absent when the refresh token travels in the httpOnly cookie' }),
  ),
  token_type: Type.Literal('bearer'),
  expires_in: Type.Integer({ description: 'Seconds until the access token expires' }),
});
export const AccountType = Type.Union([Type.Literal('local'), Type.Literal('oidc')], {
  description: '`local`: signs in with a password; `oidc`: with single sign-on (no usable password)',
});
export const MfaRequired = Type.Object(
  {
    mfa_required: Type.Literal(true),
    mfa_token: Type.String({
      description: 'Send to POST /api/auth/login/mfa with a code within 5 minutes; good for one sign-in',
    }),
  },
  { description: 'The user has two-factor sign-in on: the password was right, a code must follow' },
);
export const LoginAnswer = Type.Union([TokenPair, MfaRequired]);
export const MfaLoginBody = Type.Object(
  {
    mfa_token: Type.String({ minLength: 1, maxLength: 200 }),
    code: Type.Optional(
      Type.String({
        pattern: '^[0-9]{6}$',
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
export const Me = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  email: Type.Union([Type.String(), Type.Null()]),
  role: Type.String(),
  must_change_password: Type.Boolean(),
  auth_method: Type.Union([Type.Literal('jwt'), Type.Literal('api_key')]),
  account_type: AccountType,
  two_factor_enabled: Type.Boolean(),
  mfa_enrolment_required: Type.Boolean({
    description: 'The role requires two-factor sign-in and it is not on yet: only enrolment is open',
  }),
});

export const Session = Type.Object({
  id: Type.String({ description: 'The session id (also the `sid` claim of its access tokens)' }),
  created_at: Type.String({ format: 'date-time' }),
  last_used_at: Type.String({
    format: 'date-time',
    description: 'When it was opened or last renewed its tokens (about every 15 minutes in use)',
  }),
  user_agent: Type.Union([Type.String(), Type.Null()]),
  ip: Type.Union([Type.String(), Type.Null()]),
  auth_method: Type.Union([Type.Literal('password'), Type.Literal('two_factor'), Type.Literal('oidc')], {
    description: 'How it was opened: password, password and a second factor, or single sign-on',
  }),
  current: Type.Boolean({ description: 'The session the request was made in' }),
});
export const SessionParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });
export const RevokedCount = Type.Object({ revoked: Type.Integer() });
