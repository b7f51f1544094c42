// What the two-factor endpoints answer (GET /api/auth/2fa, POST /api/auth/2fa/setup).
import { type Static, Type } from 'typebox';

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

export type TwoFactorStatus = Static<typeof TwoFactorStatus>;
export type Enrolment = Static<typeof Enrolment>;
