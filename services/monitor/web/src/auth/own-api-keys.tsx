import type { ApiKey } from '../api/types.js';
import { ago } from '../lib/format.js';
import { Link } from '../lib/router.js';
import { useApi } from '../lib/use-api.js';
import { useAuth } from './auth-context.js';

/**
 * The signed-in user's API keys at a glance, with the way to the page that creates and revokes
 * them. Keys are an admin's tool; a viewer is told so instead of being shown an error.
 */
export function OwnApiKeys() {
  const { can } = useAuth();
  const keys = useApi<ApiKey[]>(can('admin') ? '/api/api-keys' : null);
  if (!can('admin')) {
    return <p className="muted">API keys are available to admins and superadmins.</p>;
  }
  return (
    <section className="card" aria-label="Your API keys">
      {keys.data?.length === 0 && <p className="muted">You have no API keys.</p>}
      {!!keys.data?.length && (
        <ul>
          {keys.data.map((k) => (
            <li key={k.id}>
              <strong>{k.name}</strong> <code>{k.prefix}…</code>{' '}
              <span className="muted">{k.last_used_at ? `used ${ago(k.last_used_at)}` : 'never used'}</span>
            </li>
          ))}
        </ul>
      )}
      <Link to="/api-keys">Manage API keys</Link>
    </section>
  );
}
