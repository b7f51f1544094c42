import { type AnchorHTMLAttributes, type MouseEvent, useSyncExternalStore } from 'react';

// A History-API router: the app has a dozen flat routes, which does not justify a dependency.

const listeners = new Set<() => void>();
window.addEventListener('popstate', () => notify());

function notify() {
  for (const l of listeners) l();
}

function subscribe(fn: () => void) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

const snapshot = () => location.pathname + location.search;

/** The current path with its query string, re-rendering on navigation. */
export function useLocation(): { path: string; query: URLSearchParams } {
  const full = useSyncExternalStore(subscribe, snapshot);
  const i = full.indexOf('?');
  return {
    path: i < 0 ? full : full.slice(0, i),
    query: new URLSearchParams(i < 0 ? '' : full.slice(i + 1)),
  };
}

/** Goes to `to` without a reload; `replace` keeps the history length, `keepScroll` the scroll position. */
export function navigate(to: string, opts: { replace?: boolean; keepScroll?: boolean } = {}): void {
  if (to === snapshot()) return;
  if (opts.replace) history.replaceState(null, '', to);
  else history.pushState(null, '', to);
  if (!opts.keepScroll) window.scrollTo(0, 0);
  notify();
}

/** Matches `/monitors/:id` style patterns; returns the parameters or null. */
export function matchPath(pattern: string, path: string): Record<string, string> | null {
  const p = pattern.split('/').filter(Boolean);
  const a = path.split('/').filter(Boolean);
  if (p.length !== a.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < p.length; i++) {
    const seg = p[i]!;
    if (seg.startsWith(':')) params[seg.slice(1)] = decodeURIComponent(a[i]!);
    else if (seg !== a[i]) return null;
  }
  return params;
}

/** An anchor that navigates in-app on a plain left click and behaves normally otherwise. */
export function Link(props: AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }) {
  const { to, onClick, ...rest } = props;
  const click = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    navigate(to);
  };
  return <a href={to} onClick={click} {...rest} />;
}
