import { Anchor, Group, Text } from '@mantine/core';
import { DATA_LICENCE_URL } from '@observatory/shared';
import { PrefetchLink } from '../components/PrefetchLink';
import { paths } from '../config/paths';
import { useAppConfig } from '../lib/app-config';

/** The data licence, the privacy policy and the configured contact link. */
export function Footer() {
  const contact = useAppConfig()?.contactUrl;
  return (
    <Group component="footer" justify="space-between" px="md" py="sm" gap="xs" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      <Text size="sm" c="dimmed">
        Data on this site is provided under the{' '}
        <Anchor href={DATA_LICENCE_URL} rel="license noreferrer" target="_blank" size="sm" underline="always">
          Creative Commons Attribution-ShareAlike 4.0
        </Anchor>{' '}
        licence.
      </Text>
      <Group gap="md">
        <Anchor component={PrefetchLink} to={paths.sandbox} size="sm">
          Data sandbox
        </Anchor>
        <Anchor component={PrefetchLink} to={paths.privacy} size="sm">
          Privacy
        </Anchor>
        {contact ? (
          <Anchor href={contact} size="sm">
            Contact
          </Anchor>
        ) : null}
      </Group>
    </Group>
  );
}
