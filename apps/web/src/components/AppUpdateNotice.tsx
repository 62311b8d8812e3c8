import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';

const ID = 'app-update';

/**
 * Says that a new version of the app has installed and waits, until the reader reloads into it
 * (their choice: a form being filled in is not lost to a reload they did not ask for).
 */
export function showAppUpdate(apply: () => void) {
  notifications.show({
    id: ID,
    title: 'A new version is available',
    autoClose: false,
    message: (
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm">Reload to use it.</Text>
        <Button
          size="xs"
          onClick={() => {
            notifications.hide(ID);
            apply();
          }}
        >
          Reload
        </Button>
      </Group>
    ),
  });
}
