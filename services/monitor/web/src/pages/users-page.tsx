import { type FormEvent, useState } from 'react';
import { api } from '../api/client.js';
import { ApiError, messageOf } from '../api/problem.js';
import type { Role, User } from '../api/types.js';
import { useAuth } from '../auth/auth-context.js';
import { PASSWORD_HINT } from '../auth/change-password-form.js';
import { ConfirmButton } from '../components/confirm-button.js';
import { Field } from '../components/field.js';
import { Notice, PageHeader } from '../components/notice.js';
import { dateTime } from '../lib/format.js';
import { useApi } from '../lib/use-api.js';
import { ResetPasswordPanel } from './user-reset-password.js';
import { RoleSelect } from './user-role-select.js';

const roles: Role[] = ['viewer', 'admin', 'superadmin'];

/**
 * Users (superadmin): create, change role (confirmed), reset a password or force a change,
 * remove two-factor sign-in, delete.
 */
export function UsersPage() {
  const { me } = useAuth();
  const users = useApi<User[]>('/api/users');
  const [resetting, setResetting] = useState<number | null>(null);
  const [form, setForm] = useState({ username: '', email: '', password: '', role: 'viewer' as Role });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);

  const run = async (fn: () => Promise<unknown>, done?: string) => {
    setError(null);
    setInfo(null);
    try {
      await fn();
      if (done) setInfo(done);
      users.reload();
    } catch (err) {
      setError(messageOf(err));
    }
  };

  const create = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    setError(null);
    try {
      await api<User>('/api/users', {
        method: 'POST',
        body: {
          username: form.username,
          email: form.email || null,
          password: form.password,
          role: form.role,
        },
      });
      setInfo(`User ${form.username} created.`);
      setForm({ username: '', email: '', password: '', role: 'viewer' });
      users.reload();
    } catch (err) {
      if (err instanceof ApiError && err.errors.length) setErrors(err.fieldMessages());
      else if (err instanceof ApiError && err.code === 'username_taken') setErrors({ username: err.message });
      else setError(messageOf(err));
    }
  };

  return (
    <section>
      <PageHeader title="Users" />
      {error && <Notice kind="error">{error}</Notice>}
      {info && <Notice kind="ok">{info}</Notice>}
      <form className="card inline-form" onSubmit={create} aria-label="New user">
        <Field label="Username" error={errors.username}>
          <input
            value={form.username}
            onChange={(e) => setForm({ ...form, username: e.target.value })}
            required
          />
        </Field>
        <Field label="Email" error={errors.email}>
          <input
            type="email"
            value={form.email}
            onChange={(e) => setForm({ ...form, email: e.target.value })}
          />
        </Field>
        <Field label="Initial password" hint={PASSWORD_HINT} error={errors.password}>
          <input
            type="password"
            autoComplete="new-password"
            value={form.password}
            onChange={(e) => setForm({ ...form, password: e.target.value })}
            required
          />
        </Field>
        <Field label="Role" error={errors.role}>
          <select value={form.role} onChange={(e) => setForm({ ...form, role: e.target.value as Role })}>
            {roles.map((r) => (
              <option key={r}>{r}</option>
            ))}
          </select>
        </Field>
        <button type="submit" className="primary">
          Create user
        </button>
      </form>
      {users.error && <Notice kind="error">{users.error}</Notice>}
      <div className="table-wrap">
        <table>
          <thead>
            <tr>
              <th scope="col">Username</th>
              <th scope="col">Email</th>
              <th scope="col">Role</th>
              <th scope="col">Created</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {users.data?.map((u) => [
              <tr key={u.id}>
                <td>
                  {u.username}
                  {u.must_change_password && <span className="tag">must change password</span>}
                </td>
                <td>{u.email ?? '—'}</td>
                <td>
                  <RoleSelect
                    user={u}
                    disabled={u.id === me?.id}
                    onChange={(role) =>
                      run(
                        () => api(`/api/users/${u.id}`, { method: 'PATCH', body: { role } }),
                        `${u.username} is now ${role}.`,
                      )
                    }
                  />
                </td>
                <td>{dateTime(u.created_at)}</td>
                <td className="row-actions">
                  {!u.must_change_password && u.id !== me?.id && (
                    <button
                      type="button"
                      onClick={() =>
                        void run(
                          () =>
                            api(`/api/users/${u.id}`, {
                              method: 'PATCH',
                              body: { must_change_password: true },
                            }),
                          `${u.username} must choose a new password at next sign-in.`,
                        )
                      }
                    >
                      Force password change
                    </button>
                  )}
                  {u.id !== me?.id && (
                    <button type="button" onClick={() => setResetting(u.id)}>
                      Reset password
                    </button>
                  )}
                  {u.two_factor_enabled && (
                    <ConfirmButton
                      label="Remove 2FA"
                      question={`Remove two-factor sign-in of ${u.username}?`}
                      onConfirm={() =>
                        run(
                          () => api(`/api/users/${u.id}/two-factor`, { method: 'DELETE' }),
                          `${u.username} signs in without a second factor now.`,
                        )
                      }
                    />
                  )}
                  {u.id !== me?.id && (
                    <ConfirmButton
                      label="Delete"
                      question={`Delete ${u.username}?`}
                      onConfirm={() =>
                        run(() => api(`/api/users/${u.id}`, { method: 'DELETE' }), 'User deleted.')
                      }
                    />
                  )}
                </td>
              </tr>,
              resetting === u.id && (
                <tr key={`${u.id}-password`}>
                  <td colSpan={5}>
                    <ResetPasswordPanel
                      user={u}
                      onDone={(message) => {
                        setResetting(null);
                        setError(null);
                        setInfo(message);
                        if (message) users.reload();
                      }}
                    />
                  </td>
                </tr>
              ),
            ])}
          </tbody>
        </table>
      </div>
    </section>
  );
}
