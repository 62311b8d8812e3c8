import { Center, Loader } from '@mantine/core';
import { ErrorScreen } from './ErrorScreen';
import { toErrorView } from '../lib/errors';
import { useDelayedFlag } from '../lib/use-delayed';

/** Loading (a spinner after 200 ms) or the error screen of a page's main query. */
export function PageState({ isPending, error, message }: { isPending: boolean; error: unknown; message?: string }) {
  const spinner = useDelayedFlag(isPending);
  if (error) {
    const view = toErrorView(error);
    return <ErrorScreen error={message ? { ...view, message } : view} />;
  }
  if (isPending && spinner) {
    return (
      <Center p="xl">
        <Loader role="status" aria-label="Loading" />
      </Center>
    );
  }
  return null;
}
