import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconDeviceMobileDown } from '@tabler/icons-react';
import type { Keep } from '../lib/kept/store';
import { useKeep, useKeepingUsername, useKeeps, useRemoveKeep } from '../lib/kept/use-kept';
import { useOnline } from '../lib/online';
import { keptErrorText } from '../lib/kept/errors';
import { confirmDelete } from './confirm';

/** Asks before what is kept of `title` on this device is deleted. */
export const askRemoveKept = (title: string, remove: () => Promise<unknown>) =>
  confirmDelete({
    title: `Remove ${title} from this device?`,
    message: ['What is kept of it on this device is deleted: with no network it will no longer open here.', 'The catalogue itself keeps it.'],
    confirmLabel: 'Remove',
    onConfirm: remove,
    failureTitle: 'Not removed',
  });

/**
 * "Keep offline" for a page a signed-in user takes into the field (docs/offline.md): kept,
 * it says so, with the offline copy updated or removed here. Keeping needs the network.
 */
export function KeepOffline({
  keepId,
  title,
  keep,
  screens,
  description,
}: {
  keepId: string;
  title: string;
  keep: (username: string) => Promise<Keep>;
  /** Where what is kept is shown: their code is loaded with it. */
  screens: string[];
  /** What keeping takes along, said above the button. */
  description?: string;
}) {
  const username = useKeepingUsername();
  const keeps = useKeeps();
  const save = useKeep(keep, screens);
  const remove = useRemoveKeep();
  const online = useOnline();
  if (!username) return null;
  // Drawn while the device's list is read too (busy), so that nothing below it moves when it arrives.
  const kept = keeps.data?.keeps.find((k) => k.id === keepId);
  const askRemove = () => askRemoveKept(title, () => remove.mutateAsync(keepId));
  const controls = (
    <Group gap="xs">
      {kept ? (
        <Badge variant="light" color="teal" title={`Kept ${new Date(kept.keptAt).toLocaleString()}`}>
          Kept on this device
        </Badge>
      ) : null}
      <Button
        size="compact-sm"
        variant="light"
        leftSection={<IconDeviceMobileDown size={16} aria-hidden />}
        loading={save.isPending || keeps.isPending}
        disabled={!online}
        title={online ? undefined : 'Keeping needs the network'}
        onClick={() => save.mutate()}
      >
        {kept ? 'Update offline copy' : 'Keep offline'}
      </Button>
      {kept ? (
        <Button size="compact-sm" variant="subtle" color="danger" onClick={askRemove}>
          Remove from device
        </Button>
      ) : null}
      {save.error ? (
        <Text size="sm" c="danger" role="alert">
          Not kept: {keptErrorText(save.error)}
        </Text>
      ) : null}
    </Group>
  );
  return description ? (
    <Stack gap={6}>
      <Text size="sm" c="dimmed">
        {description}
      </Text>
      {controls}
    </Stack>
  ) : (
    controls
  );
}
