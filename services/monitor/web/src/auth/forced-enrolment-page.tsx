import { useAuth } from './auth-context.js';
import { TwoFactorEnrol } from './two-factor-enrol.js';

/** Shown instead of the app while the settings require two-factor of the user's role and it is off. */
export function ForcedEnrolmentPage() {
  const { me, reload, signOut } = useAuth();
  return (
    <main className="auth-page">
      <div className="card auth-card">
        <h1>Set up two-factor sign-in</h1>
        <p>
          {me?.username}, your role ({me?.role}) requires two-factor sign-in. Set it up with an authenticator
          app before going on.
        </p>
        <TwoFactorEnrol onDone={() => void reload()} />
        <button type="button" className="link" onClick={() => void signOut()}>
          Sign out
        </button>
      </div>
    </main>
  );
}
