import { useEffect, useState } from 'react';
import { checkSession, signOut, useSignInNeeded } from './api/session.js';
import { ComparePage } from './compare/compare-page.js';
import { ComparePrevious } from './compare/compare-previous.js';
import { linkProps, useLocation } from './lib/router.js';
import { useTheme } from './lib/theme.js';
import { AnalysisPage } from './pages/analysis-page.js';
import { Home } from './pages/home-page.js';
import { SignIn } from './pages/sign-in-page.js';

/** Routes: `/` home, `/analyses/:id` progress then dashboard, `/analyses/:id/insights/:view` Insights, `/compare/:base/:head`. */
export function App() {
  const { path, query } = useLocation();
  const [theme, toggle] = useTheme();
  const signInNeeded = useSignInNeeded();
  // Pages load their data once mounted: after a sign-in they mount afresh and load it again.
  const [session, setSession] = useState(0);
  const [checked, setChecked] = useState(false);
  const [guarded, setGuarded] = useState(false);
  useEffect(() => {
    checkSession()
      .then((s) => setGuarded(s.required))
      .catch(() => {})
      .finally(() => setChecked(true));
  }, []);
  useEffect(() => {
    if (signInNeeded) setGuarded(true);
    else setSession((n) => n + 1);
  }, [signInNeeded]);
  const m =
    /^\/analyses\/(\d+)(?:\/(insights|findings|source|explorer|duplicates|imports)(?:\/([a-z]+))?)?\/?$/.exec(
      path,
    );
  // `/compare/:base/:head` compares two runs; `/analyses/:id/compare` finds the previous run first.
  const cmp = /^\/compare\/(\d+)\/(\d+)\/?$/.exec(path);
  const prev = /^\/analyses\/(\d+)\/compare\/?$/.exec(path);
  let page: React.ReactNode;
  if (!checked) page = null;
  else if (signInNeeded) page = <SignIn />;
  else if (path === '/' || path === '') page = <Home />;
  else if (cmp) page = <ComparePage base={Number(cmp[1])} head={Number(cmp[2])} />;
  else if (prev) page = <ComparePrevious id={Number(prev[1])} />;
  else if (m) {
    page = (
      <AnalysisPage
        id={Number(m[1])}
        insights={m[2] === 'insights'}
        code={m[2] === 'findings' || m[2] === 'source' ? m[2] : null}
        tab={m[2] === 'explorer' || m[2] === 'duplicates' || m[2] === 'imports' ? m[2] : undefined}
        view={m[3] ?? 'trend'}
        query={query}
      />
    );
  } else {
    page = (
      <section>
        <h1>Not found</h1>
        <p>
          Nothing lives at <code>{path}</code>. <a {...linkProps('/')}>Go home</a>.
        </p>
      </section>
    );
  }
  return (
    <>
      <a className="skip" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <a className="brand" {...linkProps('/')}>
          Code metrics
        </a>
        <nav aria-label="Main">
          <a {...linkProps('/')}>Analyses</a>
          <a href="/docs">API docs</a>
        </nav>
        {guarded && !signInNeeded && (
          <button type="button" className="ghost" onClick={() => void signOut()}>
            Sign out
          </button>
        )}
        <button
          type="button"
          className="ghost"
          onClick={toggle}
          aria-label={`Switch to ${theme === 'dark' ? 'light' : 'dark'} theme`}
        >
          {theme === 'dark' ? '☀ Light' : '☾ Dark'}
        </button>
      </header>
      <main id="main" tabIndex={-1} key={session}>
        {page}
      </main>
    </>
  );
}
