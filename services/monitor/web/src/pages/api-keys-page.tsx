import { type FormEvent, useState } from 'react';
import { api } from '../api/client.js';
import { ApiError, messageOf } from '../api/problem.js';
import type { ApiKey } from '../api/types.js';
import { useAuth } from '../auth/auth-context.js';
import { ConfirmButton } from '../components/confirm-button.js';
import { CopyButton } from '../components/copy-button.js';
import { Field } from '../components/field.js';
import { Notice, PageHeader } from '../components/notice.js';
import { dateTime, fromLocalInput } from '../lib/format.js';
import { useApi } from '../lib/use-api.js';

/** API keys: create (the raw key is shown once), list, revoke. */
export function ApiKeysPage() {
  const { can, me } = useAuth();
  const [all, setAll] = useState(false);
  const keys = useApi<ApiKey[]>('/api/api-keys', { all: all ? 'true' : undefined });
  const [name, setName] = useState('');
  const [expires, setExpires] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<(ApiKey & { raw_key: string }) | null>(null);
  const writable = can('admin') && me?.auth_method !== 'api_key';

  const create = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    setError(null);
    try {
      const key = await api<ApiKey & { raw_key: string }>('/api/api-keys', {
        method: 'POST',
        body: { name, expires_at: fromLocalInput(expires) },
      });
      setCreated(key);
      setName('');
      setExpires('');
      keys.reload();
    } catch (err) {
      if (err instanceof ApiError && err.errors.length) setErrors(err.fieldMessages());
      else setError(messageOf(err));
    }
  };

  const revoke = async (id: number) => {
    try {
      await api(`/api/api-keys/${id}`, { method: 'DELETE' });
      keys.reload();
    } catch (err) {
      setError(messageOf(err));
    }
  };

  return (
    <section>
      <PageHeader title="API keys" />
      {error && <Notice kind="error">{error}</Notice>}
      {created && (
        <div className="card key-reveal" aria-live="polite">
          <h2>Key “{created.name}” created</h2>
          <p>Copy it now: it is shown this once and cannot be read again.</p>
          <div className="key-row">
            <code data-testid="raw-key">{created.raw_key}</code>
            <CopyButton text={created.raw_key} />
          </div>
          <button type="button" onClick={() => setCreated(null)}>
            I have stored it
          </button>
        </div>
      )}
      {writable && (
        <form className="card inline-form" onSubmit={create} aria-label="New API key">
          <Field label="Key name" error={errors.name}>
            <input value={name} onChange={(e) => setName(e.target.value)} required maxLength={100} />
          </Field>
          <Field label="Expires (optional)" error={errors.expires_at}>
            <input type="datetime-local" value={expires} onChange={(e) => setExpires(e.target.value)} />
          </Field>
          <button type="submit" className="primary">
            Create key
          </button>
        </form>
      )}
      {can('superadmin') && (
        <label className="inline-check">
          <input type="checkbox" checked={all} onChange={(e) => setAll(e.target.checked)} /> Everyone’s keys
        </label>
      )}
      {keys.error && <Notice kind="error">{keys.error}</Notice>}
      <div className="table-wrap">
        <table>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Prefix</th>
              {all && <th scope="col">User id</th>}
              <th scope="col">Created</th>
              <th scope="col">Last used</th>
              <th scope="col">Expires</th>
              {writable && <th scope="col">Actions</th>}
            </tr>
          </thead>
          <tbody>
            {keys.data?.map((k) => (
              <tr key={k.id}>
                <td>{k.name}</td>
                <td>
                  <code>{k.prefix}…</code>
                </td>
                {all && <td>{k.user_id}</td>}
                <td>{dateTime(k.created_at)}</td>
                <td>{dateTime(k.last_used_at)}</td>
                <td>{k.expires_at ? dateTime(k.expires_at) : 'never'}</td>
                {writable && (
                  <td>
                    <ConfirmButton
                      label="Revoke"
                      question={`Revoke “${k.name}”?`}
                      onConfirm={() => revoke(k.id)}
                    />
                  </td>
                )}
              </tr>
            ))}
            {keys.data?.length === 0 && (
              <tr>
                <td colSpan={7} className="empty">
                  No API keys yet.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}
