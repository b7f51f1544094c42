import { PageHeader } from '../components/notice.js';
import { useAuth } from './auth-context.js';
import { ChangePasswordForm } from './change-password-form.js';
import { TwoFactorPanel } from './two-factor-panel.js';

/** The signed-in user's own page: who they are and their password. */
export function AccountPage() {
  const { me } = useAuth();
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
      <h2>Change password</h2>
      <div className="card narrow">
        <ChangePasswordForm onDone={() => undefined} />
      </div>
      <TwoFactorPanel />
    </section>
  );
}
