import { useAuth } from './auth-context.js';
import { ChangePasswordForm } from './change-password-form.js';

/** Shown instead of the app while the first-login password change is pending. */
export function ForcedChangePage() {
  const { me, reload, signOut, signInPassword } = useAuth();
  return (
    <main className="auth-page">
      <div className="card auth-card">
        <h1>Choose a new password</h1>
        <p>{me?.username}, your password was set by someone else. Choose your own before going on.</p>
        <ChangePasswordForm onDone={reload} known={signInPassword()} />
        <button type="button" className="link" onClick={() => void signOut()}>
          Sign out
        </button>
      </div>
    </main>
  );
}
