import { Alert, Group, Loader, Stack, Switch, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { errorHeading, toErrorView } from '../../lib/errors';
import { useNotificationSettings, useSaveNotificationSettings } from './notifications-api';

/** My Account's e-mail notifications: one switch, saved as it is flipped. */
export function NotificationSettings() {
  const settings = useNotificationSettings();
  const save = useSaveNotificationSettings();
  const checked = save.isPending && save.variables ? save.variables.insightComments : (settings.data?.insightComments ?? false);
  return (
    <Stack component="section" aria-labelledby="notifications-title" gap="sm">
      <Title order={2} size="h3" id="notifications-title">
        E-mail notifications
      </Title>
      {settings.error ? (
        <Alert color="danger" role="alert" title={errorHeading(toErrorView(settings.error).status)}>
          {toErrorView(settings.error).message || 'Your notification settings could not be loaded.'}
        </Alert>
      ) : null}
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Switch
          label="E-mail me when someone comments on my insights"
          description="Each e-mail has a link to stop them."
          checked={checked}
          disabled={!settings.data || save.isPending}
          onChange={(e) =>
            save.mutate(
              { insightComments: e.currentTarget.checked },
              {
                onSuccess: (saved) =>
                  notifications.show({
                    color: 'green',
                    message: saved.insightComments ? 'You will get an e-mail for new comments' : 'No more e-mails about comments',
                  }),
              },
            )
          }
        />
        {settings.isPending || save.isPending ? <Loader size="xs" role="status" aria-label={save.isPending ? 'Saving' : 'Loading'} /> : null}
      </Group>
      {save.error ? (
        <Alert color="danger" role="alert" title="The setting was not saved">
          {toErrorView(save.error).message}
        </Alert>
      ) : null}
    </Stack>
  );
}
