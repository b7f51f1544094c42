import { Type } from 'typebox';

const Code = Type.String({
  pattern: '^[0-9]{6}$',
  description: 'A current 6-digit code of the authenticator app',
});

export const TwoFactorStatus = Type.Object({
  enabled: Type.Boolean(),
  enabled_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  pending: Type.Boolean({ description: 'An enrolment was started and awaits its confirming code' }),
  recovery_codes_left: Type.Integer(),
  required: Type.Boolean({ description: 'The settings require two-factor sign-in for this role' }),
});
export const Enrolment = Type.Object({
  secret: Type.String({
    description: 'The base32 seed, for typing into an app that cannot scan; shown once',
  }),
  otpauth_url: Type.String({ description: 'The otpauth:// URL the QR code holds; shown once' }),
  qr_code: Type.String({ description: 'The QR code of otpauth_url, a data:image/svg+xml URL for an <img>' }),
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
