import { Component, createContext, type ReactNode } from 'react';
import { isUnreachableError, reportUnreachable, useConnectivity } from '../lib/connectivity.js';
import { retryFailedPages } from '../lib/lazy-page.js';

interface Props {
  children: ReactNode;
  /** Grows when the server comes back: a page that failed for lack of it retries by itself. */
  epoch: number;
}

interface State {
  error: unknown;
  epoch: number;
}

/**
 * Catches what a page throws while rendering, lazy chunks that did not load included, and shows an
 * error with Retry in place of a white screen. Render with `key={path}` so navigation starts over.
 */
class Boundary extends Component<Props, State> {
  override state: State = { error: null, epoch: this.props.epoch };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    // The server came back since the failure: clear it and render the page again.
    if (props.epoch !== state.epoch) return { epoch: props.epoch, error: null };
    return null;
  }

  override componentDidCatch(error: unknown) {
    if (isUnreachableError(error)) reportUnreachable();
  }

  retry = () => {
    retryFailedPages();
    this.setState({ error: null });
  };

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    const offline = isUnreachableError(error);
    return (
      <div className="notice notice-error page-error" role="alert">
        <p>
          <strong>{offline ? 'The server cannot be reached.' : 'This page failed to load.'}</strong>{' '}
          {offline
            ? 'The page will load by itself as soon as it answers again.'
            : error instanceof Error
              ? error.message
              : String(error)}
        </p>
        <button type="button" onClick={this.retry}>
          Retry
        </button>
      </div>
    );
  }
}

/** The error boundary around every route, retrying by itself when the server comes back. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { epoch } = useConnectivity();
  return (
    <Boundary epoch={epoch}>
      <InsideRouteBoundary.Provider value={true}>{children}</InsideRouteBoundary.Provider>
    </Boundary>
  );
}

/** True inside a route's boundary: hooks may then throw "unreachable" failures to it. */
export const InsideRouteBoundary = createContext(false);
