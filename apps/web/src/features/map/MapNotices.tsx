import { Alert, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { toErrorView } from '../../lib/errors';
import { useDelayedFlag } from '../../lib/use-delayed';

/**
 * Over the map, never blocking it: "Loading map data…" (after the usual short delay) and
 * a failure with Retry. The last data drawn stays on the map meanwhile.
 */
export function MapNotices({ fetching, error, onRetry }: { fetching: boolean; error: unknown; onRetry: () => void }) {
  const showLoading = useDelayedFlag(fetching);
  return (
    <>
      {showLoading ? (
        <Paper pos="absolute" bottom={32} left={12} px="sm" py={6} shadow="sm" role="status">
          <Group gap="xs">
            <Loader size="xs" aria-hidden />
            <Text size="sm">Loading map data…</Text>
          </Group>
        </Paper>
      ) : null}
      {error ? (
        <Alert
          pos="absolute"
          bottom={32}
          left="50%"
          style={{ transform: 'translateX(-50%)' }}
          w={420}
          maw="calc(100% - 24px)"
          color="danger"
          role="alert"
          title="The map data could not be loaded"
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{toErrorView(error).message}</Text>
            <Button size="xs" color="danger" onClick={onRetry}>
              Retry
            </Button>
          </Stack>
        </Alert>
      ) : null}
    </>
  );
}
