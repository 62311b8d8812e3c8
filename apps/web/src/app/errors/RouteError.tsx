import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { reloadForChunkError } from '../../lib/chunk-reload';
import { toErrorView } from '../../lib/errors';
import { ErrorScreen } from '../../components/ErrorScreen';

/** The fallback error boundary of every route: a failed chunk reloads (guarded), else the error page. */
export function RouteError() {
  const error = useRouteError();
  const reloading = reloadForChunkError(error);
  useEffect(() => {
    if (!reloading) console.error(error);
  }, [error, reloading]);
  if (reloading) return null;
  return <ErrorScreen error={toErrorView(error)} homeLink />;
}
