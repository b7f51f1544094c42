import { useState } from 'react';
import type { Role, User } from '../api/types.js';

const ROLES: Role[] = ['viewer', 'admin', 'superadmin'];

/**
 * A user's role, changed only after a confirmation: a slip of the mouse in a select must not make
 * someone a superadmin or take an admin's rights away.
 */
export function RoleSelect(props: { user: User; disabled: boolean; onChange(role: Role): Promise<void> }) {
  const { user } = props;
  const [pending, setPending] = useState<Role | null>(null);
  if (pending) {
    return (
      <span className="confirm">
        <span>
          Make {user.username} {pending}?
        </span>
        <button
          type="button"
          className="primary"
          onClick={async () => {
            setPending(null);
            await props.onChange(pending);
          }}
        >
          Yes, make {pending}
        </button>
        <button type="button" onClick={() => setPending(null)}>
          Cancel
        </button>
      </span>
    );
  }
  return (
    <label>
      <span className="sr-only">Role of {user.username}</span>
      <select
        value={user.role}
        disabled={props.disabled}
        title={props.disabled ? 'Another superadmin changes your role' : undefined}
        onChange={(e) => {
          const role = e.target.value as Role;
          if (role !== user.role) setPending(role);
        }}
      >
        {ROLES.map((r) => (
          <option key={r}>{r}</option>
        ))}
      </select>
    </label>
  );
}
