// A user as the users API answers it, and the roles.
import { type Static, Type } from 'typebox';
import { AccountType } from './auth-shapes.js';

export const RoleSchema = Type.Union([
  Type.Literal('superadmin'),
  Type.Literal('admin'),
  Type.Literal('viewer'),
]);
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

export type Role = Static<typeof RoleSchema>;
export type User = Static<typeof User>;
