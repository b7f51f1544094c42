import { PATTERN_MESSAGE } from '@app/kit';
import { Type } from 'typebox';
import { RoleSchema } from '../../shared-types/user-shapes.js';
import { Password } from '../auth/schema.js';

// The answer's shape is shared with the web UI.
export { RoleSchema, User } from '../../shared-types/user-shapes.js';

const Username = Type.String({
  minLength: 1,
  maxLength: 100,
  pattern: '^[A-Za-z0-9._@-]+$',
  [PATTERN_MESSAGE]: 'may contain only letters, digits and . _ @ -',
});
const Email = Type.Union([Type.String({ format: 'email', maxLength: 254 }), Type.Null()]);

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
