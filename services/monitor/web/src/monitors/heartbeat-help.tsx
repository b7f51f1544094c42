import { CopyButton } from '../components/copy-button.js';

/** The push URL of a heartbeat monitor and how to call it (GET or POST; /fail reports a failure now). */
export function HeartbeatHelp({ token }: { token: string }) {
  const url = `${location.origin}/api/heartbeat/${token}`;
  const ok = `curl -fsS -m 10 --retry 3 ${url}`;
  const fail = `curl -fsS -m 10 --retry 3 ${url}/fail`;
  return (
    <>
      <dt>Push URL</dt>
      <dd className="break">
        <code>{url}</code> <CopyButton text={url} />
        <p className="muted small">
          Call it (GET or POST) when the job succeeds; <code>/fail</code> marks it down at once. Until the
          first call the monitor stays pending and alerts nobody. For example, at the end of a cron job:
        </p>
        <ul className="plain push-examples" aria-label="Push examples">
          {[ok, fail].map((cmd) => (
            <li key={cmd}>
              <code className="break">{cmd}</code> <CopyButton text={cmd} />
            </li>
          ))}
        </ul>
      </dd>
    </>
  );
}
