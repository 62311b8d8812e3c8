import { Container, Stack, Tabs, Title } from '@mantine/core';
import { useParams, useSearchParams } from 'react-router';
import { ErrorScreen } from '../../components/ErrorScreen';
import { PageState } from '../../components/PageState';
import { WRAP } from '../../components/PublicationLine';
import { objectLoadErrorText } from '../../lib/errors';
import { useTitle } from '../../lib/use-title';
import { usePublication } from './api';
import { PastePublications } from './PastePublications';
import { PublicationForm } from './PublicationForm';

const WAYS = ['fill', 'paste'] as const;

/**
 * Add publications (/pubs/new): fill in a form, or paste BibTeX, RIS or CSL-JSON and save
 * the entries chosen; or change one (/pubs/{slug}/edit) with the same form.
 */
export default function PublicationEditPage() {
  const { slug } = useParams();
  const existing = usePublication(slug ?? '');
  const [params, setParams] = useSearchParams();
  useTitle(slug ? 'Edit publication' : 'New publication');
  if (slug && !existing.data)
    return <PageState isPending={existing.isPending} error={existing.error} message={existing.error ? objectLoadErrorText(existing.error) : undefined} />;
  if (slug && existing.data && !existing.data.permissions.includes('edit'))
    return <ErrorScreen error={{ status: 403, heading: 'Access Denied', message: '', code: null }} />;
  const detail = slug ? existing.data : undefined;
  if (detail) {
    return (
      <Container size="md" py="xl">
        <Stack gap="xl">
          <Title order={1} style={WRAP}>
            Edit “{detail.publication.title}”
          </Title>
          <PublicationForm key={detail.publication.id} existing={detail} />
        </Stack>
      </Container>
    );
  }
  // The way chosen is in the address: a reload keeps it.
  const way = params.get('from') === 'paste' ? 'paste' : 'fill';
  return (
    <Container size="md" py="xl">
      <Stack gap="xl">
        <Title order={1}>New publication</Title>
        <Tabs
          value={way}
          onChange={(next) =>
            setParams(
              (old) => {
                const merged = new URLSearchParams(old);
                if (next === 'paste') merged.set('from', 'paste');
                else merged.delete('from');
                return merged;
              },
              { replace: true },
            )
          }
        >
          <Tabs.List aria-label="How to add it">
            {WAYS.map((w) => (
              <Tabs.Tab key={w} value={w}>
                {w === 'fill' ? 'Fill in' : 'Paste'}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="fill" pt="lg">
            <PublicationForm />
          </Tabs.Panel>
          <Tabs.Panel value="paste" pt="lg">
            <PastePublications />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  );
}
