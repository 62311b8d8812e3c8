import { Component, useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { isOfflineChunkError, OFFLINE_CHUNK_ERROR, reloadForChunkError } from '../../lib/chunk-reload';
import { toErrorView } from '../../lib/errors';
import { ErrorScreen } from '../../components/ErrorScreen';

/** A route's error: a failed chunk reloads (guarded), else the error page. */
function RouteError({ error }: { error: unknown }) {
  const reloading = reloadForChunkError(error);
  useEffect(() => {
    if (!reloading) console.error(error);
  }, [error, reloading]);
  if (reloading) return null;
  return <ErrorScreen error={isOfflineChunkError(error) ? OFFLINE_CHUNK_ERROR : toErrorView(error)} homeLink />;
}

interface BoundaryState {
  error: { thrown: unknown } | null;
  at: string;
}

/** Shows RouteError in place of its children once they throw, until the address changes. */
class Boundary extends Component<{ at: string; children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: null, at: this.props.at };

  static getDerivedStateFromError(thrown: unknown): Partial<BoundaryState> {
    return { error: { thrown } };
  }

  static getDerivedStateFromProps(props: { at: string }, state: BoundaryState): Partial<BoundaryState> | null {
    return props.at === state.at ? null : { error: null, at: props.at };
  }

  override render() {
    return this.state.error ? <RouteError error={this.state.error.thrown} /> : this.props.children;
  }
}

/** The error boundary of the app's layouts: another page is a fresh start. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  return <Boundary at={useLocation().pathname}>{children}</Boundary>;
}
