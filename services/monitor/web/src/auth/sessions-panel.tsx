import { useState } from 'react';
import { api } from '../api/client.js';
import { messageOf } from '../api/problem.js';
import type { Session } from '../api/types.js';
import { ConfirmButton } from '../components/confirm-button.js';
import { Notice } from '../components/notice.js';
import { ago, dateTime } from '../lib/format.js';
import { useApi } from '../lib/use-api.js';

const METHOD: Record<Session['auth_method'], string> = {
  password: 'Password',
  two_factor: 'Password and code',
  oidc: 'Single sign-on',
};

// Checked in order: Edge and Opera also say "Chrome", Chrome also says "Safari".
const BROWSERS: [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/OPR\//, 'Opera'],
  [/Firefox\//, 'Firefox'],
  [/Chrome\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/Windows/, 'Windows'],
  [/Android/, 'Android'],
  [/iPhone|iPad/, 'iOS'],
  [/Mac OS X/, 'macOS'],
  [/Linux/, 'Linux'],
];

/** A short name for a user agent ("Firefox on Linux"); the full string stays in the tooltip. */
export function deviceOf(ua: string | null): string {
  if (!ua) return 'Unknown device';
  const browser = BROWSERS.find(([re]) => re.test(ua))?.[1] ?? ua.split(/[ /]/)[0]!;
  const system = SYSTEMS.find(([re]) => re.test(ua))?.[1];
  return system ? `${browser} on ${system}` : browser;
}

/** The signed-in user's sessions: where and when each was used; end one, or all but this one. */
export function SessionsPanel({ refresh }: { refresh?: unknown }) {
  const sessions = useApi<Session[]>('/api/auth/sessions', undefined, refresh);
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const others = (sessions.data ?? []).filter((s) => !s.current);

  const run = async (fn: () => Promise<string>) => {
    setError(null);
    setInfo(null);
    try {
      setInfo(await fn());
    } catch (err) {
      setError(messageOf(err));
    }
    sessions.reload();
  };

  return (
    <section className="card" aria-label="Sessions">
      <p className="muted">
        Every browser or client signed in as you. Ending a session signs it out at once.
      </p>
      {error && <Notice kind="error">{error}</Notice>}
      {info && <Notice kind="ok">{info}</Notice>}
      {sessions.error && <Notice kind="error">{sessions.error}</Notice>}
      <div className="table-wrap">
        <table>
          <thead>
            <tr>
              <th scope="col">Device</th>
              <th scope="col">Address</th>
              <th scope="col">Signed in</th>
              <th scope="col">Last active</th>
              <th scope="col">Method</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {sessions.data?.map((s) => (
              <tr key={s.id} data-session={s.id}>
                <td title={s.user_agent ?? undefined}>
                  {deviceOf(s.user_agent)}
                  {s.current && <span className="tag">this session</span>}
                </td>
                <td>{s.ip ?? '—'}</td>
                <td>{dateTime(s.created_at)}</td>
                <td title={dateTime(s.last_used_at)}>{ago(s.last_used_at)}</td>
                <td>{METHOD[s.auth_method] ?? s.auth_method}</td>
                <td className="row-actions">
                  {!s.current && (
                    <ConfirmButton
                      label="Sign out"
                      question={`Sign out ${deviceOf(s.user_agent)}?`}
                      onConfirm={() =>
                        run(async () => {
                          await api(`/api/auth/sessions/${encodeURIComponent(s.id)}`, { method: 'DELETE' });
                          return `${deviceOf(s.user_agent)} was signed out.`;
                        })
                      }
                    />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {others.length > 0 && (
        <ConfirmButton
          label="Sign out all other sessions"
          question={`Sign out ${others.length} other session${others.length === 1 ? '' : 's'}?`}
          onConfirm={() =>
            run(async () => {
              const { revoked } = await api<{ revoked: number }>('/api/auth/sessions/revoke-others', {
                method: 'POST',
              });
              return `${revoked} other session${revoked === 1 ? ' was' : 's were'} signed out.`;
            })
          }
        />
      )}
    </section>
  );
}
