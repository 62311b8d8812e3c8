import { Anchor, Group, Text } from '@mantine/core';
import { PrefetchLink } from '../components/PrefetchLink';
import { paths } from '../config/paths';
import { useAppConfig } from '../lib/app-config';

/** The data licence (chosen under Site Admin), the privacy policy and the configured contact link. */
export function Footer() {
  const config = useAppConfig();
  const contact = config?.contactUrl;
  const licence = config?.licence;
  return (
    <Group component="footer" justify="space-between" px="md" py="sm" gap="xs" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      {/* Named once the configuration is read: no licence is shown that may not be the site's. */}
      <Text size="sm" c="dimmed">
        {licence ? (
          <>
            Data on this site is provided under the{' '}
            <Anchor href={licence.url} rel="license noreferrer" target="_blank" size="sm" underline="always">
              {licence.name}
            </Anchor>{' '}
            licence.
          </>
        ) : null}
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
