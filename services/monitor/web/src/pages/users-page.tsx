import { type FormEvent, useState } from 'react';
import { api } from '../api/client.js';
import { ApiError, messageOf } from '../api/problem.js';
import type { Role, User } from '../api/types.js';
import { useAuth } from '../auth/auth-context.js';
import { ConfirmButton } from '../components/confirm-button.js';
import { Field } from '../components/field.js';
import { Notice, PageHeader } from '../components/notice.js';
import { dateTime } from '../lib/format.js';
import { useApi } from '../lib/use-api.js';

const roles: Role[] = ['viewer', 'admin', 'superadmin'];

/**
 * A superadmin sets someone's password (they forgot it, or it leaked). The server ends every session
 * of that user; by default they must choose their own at the next sign-in.
 */
function SetPasswordForm({ user, onDone }: { user: User; onDone(message: string | null): void }) {
  const [password, setPassword] = useState('');
  const [mustChange, setMustChange] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await api<User>(`/api/users/${user.id}`, {
        method: 'PATCH',
        body: { password, must_change_password: mustChange },
      });
      onDone(`Password of ${user.username} set; their sessions were signed out.`);
    } catch (err) {
      setError(
        err instanceof ApiError && err.errors.length
          ? (err.fieldMessages().password ?? messageOf(err))
          : messageOf(err),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="inline-form" onSubmit={submit} aria-label={`Set password of ${user.username}`}>
      <Field
        label={`New password for ${user.username}`}
        hint="8 to 256 characters."
        error={error ?? undefined}
      >
        <input
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          required
        />
      </Field>
      <label>
        <input type="checkbox" checked={mustChange} onChange={(e) => setMustChange(e.target.checked)} /> Must
        change at next sign-in
      </label>
      <button type="submit" className="primary" disabled={busy}>
        Save password
      </button>
      <button type="button" onClick={() => onDone(null)}>
        Cancel
      </button>
    </form>
  );
}

/** Users (superadmin): create, change role, set or force a password change, delete. */
export function UsersPage() {
  const { me } = useAuth();
  const users = useApi<User[]>('/api/users');
  const [settingPassword, setSettingPassword] = useState<number | null>(null);
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
        <Field label="Initial password" error={errors.password}>
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
                  <label>
                    <span className="sr-only">Role of {u.username}</span>
                    <select
                      value={u.role}
                      disabled={u.id === me?.id}
                      title={u.id === me?.id ? 'Another superadmin changes your role' : undefined}
                      onChange={(e) =>
                        void run(
                          () =>
                            api(`/api/users/${u.id}`, { method: 'PATCH', body: { role: e.target.value } }),
                          `${u.username} is now ${e.target.value}.`,
                        )
                      }
                    >
                      {roles.map((r) => (
                        <option key={r}>{r}</option>
                      ))}
                    </select>
                  </label>
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
                    <button type="button" onClick={() => setSettingPassword(u.id)}>
                      Set password
                    </button>
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
              settingPassword === u.id && (
                <tr key={`${u.id}-password`}>
                  <td colSpan={5}>
                    <SetPasswordForm
                      user={u}
                      onDone={(message) => {
                        setSettingPassword(null);
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
