import { Anchor, Container, List, Stack, Text, Title } from '@mantine/core';
import { useAppConfig } from '../../lib/app-config';
import { useTitle } from '../../lib/use-title';

/** What the catalogue stores about people, and why. */
export default function PrivacyPage() {
  useTitle('Privacy');
  const config = useAppConfig();
  // Hosts other than this site that a configured map style loads from (none with the built-in style).
  const mapHosts = config?.map.origins ?? [];
  return (
    <Container size="md" py="xl">
      <Stack>
        <Title order={1}>Privacy policy</Title>
        <Text>
          {config?.productName ?? 'This catalogue'} publishes the work of a research observatory. This page says what it
          keeps about you and why.
        </Text>
        <Title order={2} size="h3">
          What we keep
        </Title>
        <List spacing="xs">
          <List.Item>For an account: your username, e-mail address and a salted hash of your password (never the password itself).</List.Item>
          <List.Item>For your public profile: your name, affiliations, biography, ORCID iD and photo, as you or an administrator enter them.</List.Item>
          <List.Item>What you add: projects, notes, photos, comments and documents, with who changed them and when.</List.Item>
          <List.Item>
            A cookie named <code>refresh_token</code>, only when you choose "keep me signed in". It keeps you signed in for up to 60
            days and is used for nothing else. We use no tracking or advertising cookies.
          </List.Item>
          <List.Item>Server logs (address, time, request) for security, kept briefly.</List.Item>
        </List>
        {mapHosts.length ? (
          <>
            <Title order={2} size="h3">
              Maps
            </Title>
            <Text>
              Maps load their style, tiles and fonts from {mapHosts.length === 1 ? 'another host' : 'other hosts'}:{' '}
              {mapHosts.map((origin, i) => (
                <span key={origin}>
                  {i ? ', ' : null}
                  <code>{origin}</code>
                </span>
              ))}
              . When you view a map, your browser sends {mapHosts.length === 1 ? 'that host' : 'those hosts'} your IP address, your
              browser's user agent, this site's origin as the referrer (its address without the page) and the map area you view (the
              coordinates of the tiles it asks for).
            </Text>
          </>
        ) : null}
        <Title order={2} size="h3">
          Why, and who sees it
        </Title>
        <Text>
          Profiles and public catalogue entries are visible to everyone; this is what the catalogue is for. Your e-mail address and
          account details are seen only by you and the site's administrators. We do not sell or share personal data.
        </Text>
        <Title order={2} size="h3">
          Your rights
        </Title>
        <Text>
          You can see and change your account under My Account, and ask an administrator to correct or delete your profile.
          {config?.contactUrl ? (
            <>
              {' '}
              <Anchor href={config.contactUrl}>Contact us</Anchor> with any question.
            </>
          ) : null}
        </Text>
      </Stack>
    </Container>
  );
}
