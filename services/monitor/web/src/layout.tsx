import type { ReactNode } from 'react';
import type { Role } from './api/types.js';
import { useAuth } from './auth/auth-context.js';
import { Link, useLocation } from './lib/router.js';
import { type ThemeChoice, useTheme } from './lib/theme.js';
import { useApi } from './lib/use-api.js';
import { useIncidentVersion } from './monitors/use-live.js';

const nav: { to: string; label: string; role: Role }[] = [
  { to: '/', label: 'Dashboard', role: 'viewer' },
  { to: '/incidents', label: 'Incidents', role: 'viewer' },
  { to: '/channels', label: 'Channels', role: 'viewer' },
  { to: '/escalation', label: 'Escalation', role: 'viewer' },
  { to: '/maintenance', label: 'Maintenance', role: 'viewer' },
  { to: '/locations', label: 'Locations', role: 'viewer' },
  { to: '/status-pages', label: 'Status pages', role: 'viewer' },
  { to: '/groups', label: 'Groups & tags', role: 'viewer' },
  { to: '/import-export', label: 'Import / export', role: 'viewer' },
  { to: '/api-keys', label: 'API keys', role: 'admin' },
  { to: '/users', label: 'Users', role: 'superadmin' },
  { to: '/settings', label: 'Settings', role: 'superadmin' },
  { to: '/audit-log', label: 'Audit log', role: 'superadmin' },
];

/** The frame around every signed-in screen: navigation, theme, account. */
export function Layout({ children }: { children: ReactNode }) {
  const { me, can, signOut } = useAuth();
  const { path } = useLocation();
  const [theme, setTheme] = useTheme();
  // Open incidents in the navigation, refreshed by the stream's incident events.
  const open = useApi<unknown[]>('/api/incidents', { status: 'open', limit: 100 }, useIncidentVersion());
  const openCount = open.data?.length ?? 0;
  const active = (to: string) =>
    to === '/' ? path === '/' || path.startsWith('/monitors') : path.startsWith(to);
  return (
    <div className="shell">
      <a className="skip" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <Link to="/" className="brand">
          Monitor
        </Link>
        <nav aria-label="Main">
          <ul>
            {nav
              .filter((n) => can(n.role))
              .map((n) => (
                <li key={n.to}>
                  <Link to={n.to} aria-current={active(n.to) ? 'page' : undefined}>
                    {n.label}
                    {n.to === '/incidents' && openCount > 0 && (
                      <span className="nav-count" title={`${openCount} open`}>
                        <span className="sr-only">, open: </span>
                        {openCount >= 100 ? '99+' : openCount}
                      </span>
                    )}
                  </Link>
                </li>
              ))}
          </ul>
        </nav>
        <div className="topbar-tools">
          <label className="theme-pick">
            <select
              aria-label="Theme"
              value={theme}
              onChange={(e) => setTheme(e.target.value as ThemeChoice)}
            >
              <option value="system">◐ Auto</option>
              <option value="light">☀ Light</option>
              <option value="dark">☾ Dark</option>
            </select>
          </label>
          <Link to="/account" className="whoami" title={`Signed in as ${me?.username} (${me?.role})`}>
            {me?.username}
          </Link>
          <button type="button" onClick={() => void signOut()}>
            Sign out
          </button>
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
