// What sign-in and the current user's endpoints answer (POST /api/auth/login, GET /api/auth/me, sessions).
import { type Static, Type } from 'typebox';

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

export type TokenPair = Static<typeof TokenPair>;
export type AccountType = Static<typeof AccountType>;
export type MfaRequired = Static<typeof MfaRequired>;
export type Me = Static<typeof Me>;
export type Session = Static<typeof Session>;

/** GET /api/auth/providers: which ways to sign in this monitor offers. */
export const SignInProviders = Type.Object({
  password_login: Type.Boolean({
    description: 'false: only the break-glass user may sign in with a password',
  }),
  oidc: Type.Union([Type.Object({ name: Type.String() }), Type.Null()], {
    description: 'The single sign-on provider (its name for the button), or null when not configured',
  }),
});
export type SignInProviders = Static<typeof SignInProviders>;
