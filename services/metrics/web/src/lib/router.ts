import { useEffect, useState } from 'react';

/** The current location (path and query), re-rendered on navigation. */
export function useLocation(): { path: string; query: URLSearchParams } {
  const [loc, setLoc] = useState(() => ({ path: location.pathname, search: location.search }));
  useEffect(() => {
    const on = () => setLoc({ path: location.pathname, search: location.search });
    window.addEventListener('popstate', on);
    window.addEventListener('app:navigate', on);
    return () => {
      window.removeEventListener('popstate', on);
      window.removeEventListener('app:navigate', on);
    };
  }, []);
  return { path: loc.path, query: new URLSearchParams(loc.search) };
}

/** Client-side navigation; `replace` keeps history clean for state such as quality-gate thresholds. */
export function navigate(to: string, replace = false): void {
  if (to === location.pathname + location.search) return;
  if (replace) history.replaceState(null, '', to);
  else history.pushState(null, '', to);
  window.dispatchEvent(new Event('app:navigate'));
}

/** Props for an anchor that navigates without a page load but still opens in a new tab on ctrl-click. */
export function linkProps(to: string) {
  return {
    href: to,
    onClick: (e: React.MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      e.preventDefault();
      navigate(to);
    },
  };
}
