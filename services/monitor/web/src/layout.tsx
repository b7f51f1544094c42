import { type ReactNode, useRef, useState } from 'react';
import { useAuth } from './auth/auth-context.js';
import { Link, useLocation } from './lib/router.js';
import { type ThemeChoice, useTheme } from './lib/theme.js';
import { useApi } from './lib/use-api.js';
import { MainNav, OpenCount } from './main-nav.js';
import { useIncidentVersion } from './monitors/use-live.js';

/** The frame around every signed-in screen: navigation, theme, account. */
export function Layout({ children }: { children: ReactNode }) {
  const { me, signOut } = useAuth();
  const { path } = useLocation();
  const [theme, setTheme] = useTheme();
  // Open incidents in the navigation, refreshed by the stream's incident events.
  const open = useApi<unknown[]>('/api/incidents', { status: 'open', limit: 100 }, useIncidentVersion());
  const openCount = open.data?.length ?? 0;
  // At phone width the navigation folds behind a Menu button (CSS decides when the button shows);
  // following a link, or pressing Escape, folds it again.
  // The menu remembers the page it was opened on, so it is closed on any other.
  const [menuOn, setMenuOn] = useState<string | null>(null);
  const menuOpen = menuOn === path;
  const setMenuOpen = (open: boolean) => setMenuOn(open ? path : null);
  const menuButton = useRef<HTMLButtonElement>(null);
  return (
    <div className="shell">
      <a className="skip" href="#main">
        Skip to content
      </a>
      <header className={menuOpen ? 'topbar menu-open' : 'topbar'}>
        <Link to="/" className="brand">
          Monitor
        </Link>
        <button
          type="button"
          className="menu-toggle"
          ref={menuButton}
          aria-expanded={menuOpen}
          aria-controls="main-nav"
          onClick={() => setMenuOpen(!menuOpen)}
        >
          <span aria-hidden="true">☰</span> Menu
          {!menuOpen && <OpenCount n={openCount} what="open incidents" />}
        </button>
        <MainNav
          open={menuOpen}
          openCount={openCount}
          onEscape={() => {
            setMenuOpen(false);
            menuButton.current?.focus();
          }}
        />
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
