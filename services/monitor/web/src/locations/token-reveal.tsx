import { CopyButton } from '../components/copy-button.js';
import type { LocationWithToken } from './location-types.js';

/** The command that starts a probe for this token against this very instance. */
export function probeCommand(token: string, origin = location.origin): string {
  return `PROBE_SERVER_URL=${origin} PROBE_TOKEN=${token} npm run start:probe`;
}

/** A probe token, shown once after a create or a rotation, with the command that starts the probe. */
export function TokenReveal({
  created,
  rotated,
  onDone,
}: {
  created: LocationWithToken;
  rotated: boolean;
  onDone(): void;
}) {
  const command = probeCommand(created.token);
  return (
    <div className="card key-reveal" aria-live="polite">
      <h2>{rotated ? `New token for “${created.name}”` : `Location “${created.name}” created`}</h2>
      <p>
        Copy the probe’s token now: it is shown this once and cannot be read again.
        {rotated && ' The previous token no longer works.'}
      </p>
      <div className="key-row">
        <code data-testid="probe-token">{created.token}</code>
        <CopyButton text={created.token} />
      </div>
      <p>Start the probe where it should check from (from a checkout of this project):</p>
      <div className="key-row">
        <code data-testid="probe-command">{command}</code>
        <CopyButton text={command} label="Copy command" />
      </div>
      <button type="button" onClick={onDone}>
        I have stored it
      </button>
    </div>
  );
}
