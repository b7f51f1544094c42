import { Type } from 'typebox';
import { AccountType, Password } from '../auth/schema.js';

export const RoleSchema = Type.Union([
  Type.Literal('superadmin'),
  Type.Literal('admin'),
  Type.Literal('viewer'),
]);
const Username = Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9._@-]+$' });
const Email = Type.Union([Type.String({ format: 'email', maxLength: 254 }), Type.Null()]);

export const User = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  email: Type.Union([Type.String(), Type.Null()]),
  role: RoleSchema,
  must_change_password: Type.Boolean(),
  account_type: AccountType,
  two_factor_enabled: Type.Boolean({ description: 'TOTP two-factor sign-in is on' }),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});
export const CreateUserBody = Type.Object(
  { username: Username, email: Type.Optional(Email), password: Password, role: RoleSchema },
  { additionalProperties: false },
);
export const UpdateUserBody = Type.Object(
  {
    username: Type.Optional(Username),
    email: Type.Optional(Email),
    password: Type.Optional(Password),
    role: Type.Optional(RoleSchema),
    must_change_password: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, minProperties: 1 },
);
export const ResetPasswordBody = Type.Object(
  {
    temporary_password: Type.Optional(
      Type.String({
        maxLength: 1024,
        description: 'Leave out to have one generated (20 random characters). Must meet the password policy.',
      }),
    ),
  },
  { additionalProperties: false },
);
export const TemporaryPassword = Type.Object({
  temporary_password: Type.String({
    description: 'Shown this once: hand it to the user, who must change it at the next sign-in.',
  }),
});
