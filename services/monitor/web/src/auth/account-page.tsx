import { useState } from 'react';
import { PageHeader } from '../components/notice.js';
import { useAuth } from './auth-context.js';
import { ChangePasswordForm } from './change-password-form.js';
import { OwnApiKeys } from './own-api-keys.js';
import { SessionsPanel } from './sessions-panel.js';
import { TwoFactorPanel } from './two-factor-panel.js';

/**
 * The signed-in user's own page: who they are, their password, their sessions and their API keys.
 * Each section is a component of its own; the two-factor section sits after the password.
 */
export function AccountPage() {
  const { me } = useAuth();
  // A password change ends the other sessions: the list is read again after one.
  const [changes, setChanges] = useState(0);
  return (
    <section>
      <PageHeader title="Account" />
      <dl className="facts">
        <dt>Username</dt>
        <dd>{me?.username}</dd>
        <dt>Email</dt>
        <dd>{me?.email ?? '—'}</dd>
        <dt>Role</dt>
        <dd>{me?.role}</dd>
      </dl>
      {me?.account_type === 'oidc' ? (
        // Single sign-on accounts have no password here, and their provider does the second factor.
        <p className="muted">
          You sign in with single sign-on: your password and two-factor sign-in are managed by your identity
          provider.
        </p>
      ) : (
        <>
          <h2>Change password</h2>
          <div className="card narrow">
            <ChangePasswordForm onDone={() => setChanges((n) => n + 1)} />
          </div>
          <TwoFactorPanel />
        </>
      )}
      <h2>Sessions</h2>
      <SessionsPanel refresh={changes} />
      <h2>API keys</h2>
      <OwnApiKeys />
    </section>
  );
}
