import { Anchor, Container, Group, List, Stack, Text, Title } from '@mantine/core';
import { PRIVACY_PAGE_PATH, type PageDetail } from '@observatory/shared';
import { useQuery } from '@tanstack/react-query';
import { EditPageButton } from '../../components/EditPageButton';
import { PageState } from '../../components/PageState';
import { RichText } from '../../components/RichText';
import { api, ApiError } from '../../lib/api-client';
import { useAppConfig } from '../../lib/app-config';
import { pageKeys } from '../../lib/query-keys';
import { useTitle } from '../../lib/use-title';

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** The `privacy` documentation page, under the key the documentation's own screens use (their saves refresh it). */
function usePrivacyPage() {
  return useQuery({
    queryKey: pageKeys.at(PRIVACY_PAGE_PATH),
    queryFn: () => api.get<PageDetail>(`/pages/at/${PRIVACY_PAGE_PATH}`),
    // A missing page is final (the built-in text is shown); a server fault may pass.
    retry: (count, error) => !isNotFound(error) && count < 2,
  });
}

/** The statement this catalogue ships with, for a site whose administrators have not written their own. */
function BuiltInStatement({ productName }: { productName: string | undefined }) {
  return (
    <>
      <Title order={1}>Privacy policy</Title>
      <Text>{productName ?? 'This catalogue'} publishes the work of a research observatory. This page says what it keeps about you and why.</Text>
      <Title order={2} size="h3">
        What we keep
      </Title>
      <List spacing="xs">
        <List.Item>For an account: your username, e-mail address and a salted hash of your password (never the password itself).</List.Item>
        <List.Item>For your public profile: your name, affiliations, biography, ORCID iD and photo, as you or an administrator enter them.</List.Item>
        <List.Item>What you add: projects, notes, photos, comments and documents, with who changed them and when.</List.Item>
        <List.Item>
          Cookies, only when you sign in: <code>refresh_token</code> keeps you signed in (until you close the browser, or for up to 60 days when you choose
          “keep me signed in”), and <code>device</code> remembers for a year that this browser has signed in to your account, so that failed sign-ins elsewhere
          do not hold you up. They are used for nothing else. We use no tracking or advertising cookies.
        </List.Item>
        <List.Item>Server logs (address, time, request) for security, kept briefly.</List.Item>
      </List>
      <Title order={2} size="h3">
        Why, and who sees it
      </Title>
      <Text>
        Profiles and public catalogue entries are visible to everyone; this is what the catalogue is for. Your e-mail address and account details are seen only
        by you and the site’s administrators. We do not sell or share personal data.
      </Text>
      <Title order={2} size="h3">
        Your rights
      </Title>
      <Text>You can see and change your account under My Account, and ask an administrator to correct or delete your profile.</Text>
    </>
  );
}

/**
 * What this site's configuration adds, whoever wrote the statement: the hosts other than
 * this site that a configured map style loads from (none with the built-in style), and the contact.
 */
function GeneratedParts({ mapHosts, contactUrl }: { mapHosts: string[]; contactUrl: string | null | undefined }) {
  return (
    <>
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
            . When you view a map, your browser sends {mapHosts.length === 1 ? 'that host' : 'those hosts'} your IP address, your browser's user agent, this
            site's origin as the referrer (its address without the page) and the map area you view (the coordinates of the tiles it asks for).
          </Text>
        </>
      ) : null}
      {contactUrl ? (
        <Text>
          <Anchor href={contactUrl}>Contact us</Anchor> with any question.
        </Text>
      ) : null}
    </>
  );
}

/**
 * /privacy: what the catalogue stores about people, and why. The administrators' own
 * statement (the documentation page `privacy`) when there is one, else the built-in
 * text; after either, what this site's configuration adds.
 */
export default function PrivacyPage() {
  useTitle('Privacy');
  const config = useAppConfig();
  const statement = usePrivacyPage();
  const missing = isNotFound(statement.error);
  if (!statement.data && !missing) return <PageState isPending={statement.isPending} error={statement.error} />;
  const detail = statement.data;
  return (
    <Container size="md" py="xl">
      <Stack>
        {detail ? (
          <>
            <Group justify="space-between" align="flex-start">
              <Title order={1}>{detail.page.title}</Title>
              <EditPageButton detail={detail} />
            </Group>
            <RichText doc={detail.doc} />
          </>
        ) : (
          <BuiltInStatement productName={config?.productName} />
        )}
        <GeneratedParts mapHosts={config?.map.origins ?? []} contactUrl={config?.contactUrl} />
      </Stack>
    </Container>
  );
}
