import { useEffect, useRef, useState } from 'react';
import type { Role } from './api/types.js';
import { useAuth } from './auth/auth-context.js';
import { Link, useLocation } from './lib/router.js';

interface Entry {
  to: string;
  label: string;
  /** The least role that sees it (a viewer cannot export: the export answers admins only). */
  role: Role;
  /** Under the Admin drop-down at desktop width. */
  admin?: true;
}

const entries: Entry[] = [
  { to: '/', label: 'Dashboard', role: 'viewer' },
  { to: '/incidents', label: 'Incidents', role: 'viewer' },
  { to: '/channels', label: 'Channels', role: 'viewer' },
  { to: '/escalation', label: 'Escalation', role: 'viewer' },
  { to: '/on-call', label: 'On-call', role: 'viewer' },
  { to: '/maintenance', label: 'Maintenance', role: 'viewer' },
  { to: '/reports', label: 'Reports', role: 'viewer' },
  { to: '/locations', label: 'Locations', role: 'viewer' },
  { to: '/status-pages', label: 'Status pages', role: 'viewer' },
  { to: '/groups', label: 'Groups & tags', role: 'viewer' },
  { to: '/import-export', label: 'Import / export', role: 'admin' },
  { to: '/api-keys', label: 'API keys', role: 'admin', admin: true },
  { to: '/users', label: 'Users', role: 'superadmin', admin: true },
  { to: '/settings', label: 'Settings', role: 'superadmin', admin: true },
  { to: '/audit-log', label: 'Audit log', role: 'superadmin', admin: true },
];

/** The red count of open incidents beside a navigation entry; nothing when there are none. */
export function OpenCount({ n, what }: { n: number; what: string }) {
  if (n === 0) return null;
  return (
    <span className="nav-count" title={`${n} ${what}`}>
      <span className="sr-only">, {what}: </span>
      {n >= 100 ? '99+' : n}
    </span>
  );
}

/**
 * The main navigation. Thirteen entries do not fit one row beside the account tools at 1440 px,
 * so the administration pages (when a role sees two or more) sit under an "Admin" button; at phone
 * width the whole list folds behind the topbar's Menu button (`open`) and shows every entry.
 */
export function MainNav({
  open,
  openCount,
  onEscape,
}: {
  open: boolean;
  openCount: number;
  onEscape(): void;
}) {
  const { can } = useAuth();
  const { path } = useLocation();
  // Open on the page it was opened on only: following one of its links closes it.
  const [adminOn, setAdminOn] = useState<string | null>(null);
  const adminOpen = adminOn === path;
  const setAdminOpen = (open: boolean) => setAdminOn(open ? path : null);
  const adminRef = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (!adminOpen) return;
    const outside = (e: MouseEvent) => {
      if (!adminRef.current?.contains(e.target as Node)) setAdminOn(null);
    };
    document.addEventListener('mousedown', outside);
    return () => document.removeEventListener('mousedown', outside);
  }, [adminOpen]);

  const active = (to: string) =>
    to === '/' ? path === '/' || path.startsWith('/monitors') : path.startsWith(to);
  const link = (n: Entry) => (
    <li key={n.to}>
      <Link to={n.to} aria-current={active(n.to) ? 'page' : undefined}>
        {n.label}
        {n.to === '/incidents' && <OpenCount n={openCount} what="open" />}
      </Link>
    </li>
  );
  const visible = entries.filter((n) => can(n.role));
  const admin = visible.filter((n) => n.admin);
  const grouped = admin.length >= 2;
  const main = grouped ? visible.filter((n) => !n.admin) : visible;
  return (
    <nav
      aria-label="Main"
      id="main-nav"
      className={open ? 'open' : undefined}
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        if (adminOpen) {
          setAdminOpen(false);
          adminRef.current?.querySelector('button')?.focus();
        } else if (open) onEscape();
      }}
    >
      <ul>
        {main.map(link)}
        {grouped && (
          <li ref={adminRef} className={adminOpen ? 'nav-group open' : 'nav-group'}>
            <button
              type="button"
              className="nav-group-toggle"
              aria-expanded={adminOpen}
              aria-controls="nav-admin"
              onClick={() => setAdminOpen(!adminOpen)}
              data-current={admin.some((n) => active(n.to)) ? 'true' : undefined}
            >
              Admin <span aria-hidden="true">▾</span>
            </button>
            <ul id="nav-admin" aria-label="Admin">
              {admin.map(link)}
            </ul>
          </li>
        )}
      </ul>
    </nav>
  );
}
