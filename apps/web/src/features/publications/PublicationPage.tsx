import { Anchor, Badge, Button, Container, Group, Loader, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useClipboard } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconCopy, IconDownload } from '@tabler/icons-react';
import { BIBTEX_COLUMN_FIELDS, CITATION_STYLES, PUBLICATION_EXPORT_FORMATS, type CitationStyle, type PublicationDetail } from '@observatory/shared';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { FormError } from '../../components/FormError';
import { PageSection } from '../../components/PageSection';
import { DetailRow } from '../../components/DetailRow';
import { PageState } from '../../components/PageState';
import { EditDeleteButtons } from '../../components/EditDeleteButtons';
import { PrefetchLink } from '../../components/PrefetchLink';
import { WRAP } from '../../components/PublicationLine';
import { paths } from '../../config/paths';
import { objectLoadErrorText, toErrorView } from '../../lib/errors';
import { CITATION_STYLE_LABELS, doiUrl, EXPORT_FORMAT_LABELS, PUBLICATION_TYPE_LABELS } from '../../lib/publications';
import { useTitle } from '../../lib/use-title';
import { publicationExportHref, useCitation, useDeletePublication, usePublication } from './api';
import { CitationText } from './CitationText';
import { confirmDelete } from '../../components/confirm';

const STYLE_CHOICES = CITATION_STYLES.map((s) => ({ value: s, label: CITATION_STYLE_LABELS[s] }));

/** The publication formatted in the style chosen (APA first), with a button that copies it. */
function FormattedCitation({ publication }: { publication: PublicationDetail['publication'] }) {
  const [style, setStyle] = useState<CitationStyle>('apa');
  const citation = useCitation(publication, style);
  const clipboard = useClipboard({ timeout: 2000 });
  return (
    <PageSection id="pub-citation" title="Cite">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label="Citation style"
          data={STYLE_CHOICES}
          value={style}
          allowDeselect={false}
          onChange={(v) => v && setStyle(v as CitationStyle)}
          w={{ base: '100%', xs: 240 }}
        />
        <Button
          variant="default"
          leftSection={clipboard.copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
          disabled={!citation.data}
          onClick={() => citation.data && clipboard.copy(citation.data.text)}
        >
          {clipboard.copied ? 'Copied' : 'Copy citation'}
        </Button>
      </Group>
      <Paper withBorder p="md" aria-live="polite" aria-busy={citation.isFetching || undefined}>
        {citation.data ? (
          <Text style={WRAP} data-testid="citation">
            <CitationText runs={citation.data.runs} />
          </Text>
        ) : citation.error ? (
          <Text c="danger">{toErrorView(citation.error).message}</Text>
        ) : (
          <Loader size="sm" role="status" aria-label="Formatting the citation" />
        )}
      </Paper>
      {clipboard.error ? (
        <Text c="danger" size="sm">
          The citation could not be copied: select it and copy it by hand.
        </Text>
      ) : null}
    </PageSection>
  );
}

const FORMAT_NAMES = { bibtex: 'BibTeX', ris: 'RIS', csl: 'CSL-JSON' } as const;

/** The fields of a publication's extra, by format: each with its name as the format has it and its value as it came. */
function otherFields(extra: PublicationDetail['extra']): { format: string; fields: [string, string][] }[] {
  const groups = [
    {
      format: 'bibtex' as const,
      type: extra.bibtex?.type,
      // A column's own field kept as written (a title's {…}) is that column, shown above.
      fields: Object.entries(extra.bibtex?.fields ?? {}).filter(([name]) => !BIBTEX_COLUMN_FIELDS.includes(name)),
    },
    {
      format: 'ris' as const,
      type: extra.ris?.type,
      fields: Object.entries(extra.ris?.tags ?? {}).map(([tag, values]): [string, string] => [tag, values.join('; ')]),
    },
    {
      format: 'csl' as const,
      type: extra.csl?.type,
      fields: Object.entries(extra.csl?.variables ?? {}).map(([name, value]): [string, string] => [
        name,
        typeof value === 'string' ? value : JSON.stringify(value),
      ]),
    },
  ];
  return groups
    .map(({ format, type, fields }) => ({ format: FORMAT_NAMES[format], fields: [...(type ? [['type of entry', type] as [string, string]] : []), ...fields] }))
    .filter((g) => g.fields.length);
}

/**
 * The bibliographic fields the catalogue has no column for, as they came from a paste (read
 * only: the edit form leaves them as they are); the exports write them back.
 */
function OtherFields({ extra }: { extra: PublicationDetail['extra'] }) {
  const groups = otherFields(extra);
  if (!groups.length) return null;
  return (
    <PageSection id="pub-other-fields" title="Other fields">
      <Text size="sm" c="dimmed">
        As they came in, kept for the exports.
      </Text>
      {groups.map((group) => (
        <Stack key={group.format} gap={6} role="group" aria-label={`Other fields from ${group.format}`}>
          <Text size="sm" fw={600}>
            From {group.format}
          </Text>
          <Stack gap={6} component="dl" m={0}>
            {group.fields.map(([name, value]) => (
              <DetailRow nameWidth="7rem" key={name} name={name}>
                <span style={{ whiteSpace: 'pre-line' }}>{value}</span>
              </DetailRow>
            ))}
          </Stack>
        </Stack>
      ))}
    </PageSection>
  );
}

/** A publication: its citation in four styles, abstract, authors, venue, DOI, keywords, other fields, projects, exports, and edit and delete for those who may. */
export default function PublicationPage() {
  const { slug = '' } = useParams();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const detail = usePublication(slug);
  const remove = useDeletePublication();
  useTitle(detail.data?.publication.title ?? 'Publication', !!detail.data);
  const current = detail.data?.publication.slug;
  // Found by its id or a former address: show its own.
  useEffect(() => {
    if (current && current !== slug) void navigate(pathname.replace(`/pubs/${encodeURIComponent(slug)}`, paths.pub(current)), { replace: true });
  }, [current, slug, pathname, navigate]);
  if (!detail.data)
    return <PageState isPending={detail.isPending} error={detail.error} message={detail.error ? objectLoadErrorText(detail.error) : undefined} />;
  const { publication: p, abstract, extra, permissions } = detail.data;

  const askToDelete = () =>
    confirmDelete({
      title: `Delete “${p.title}”?`,
      message: 'The publication leaves the catalogue, its projects and its authors’ pages. This cannot be undone.',
      onConfirm: () =>
        remove.mutate(
          { id: p.id, version: p.version },
          {
            onSuccess: () => {
              notifications.show({ color: 'green', message: 'The publication was deleted' });
              void navigate(paths.pubs);
            },
          },
        ),
    });

  const venueParts = [
    p.venue ? ['Published in', p.venue] : null,
    p.volume ? ['Volume', p.volume] : null,
    p.issue ? ['Issue', p.issue] : null,
    p.pages ? ['Pages', p.pages] : null,
  ].filter((x): x is [string, string] => x !== null);

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Anchor component={PrefetchLink} to={paths.pubs} size="sm">
          All publications
        </Anchor>
        <Stack gap="lg" component="article" aria-labelledby="pub-title">
          <Group justify="space-between" align="flex-start" gap="sm">
            <Stack gap={6} style={{ minWidth: 0, flex: '1 1 16rem' }}>
              <Title order={1} id="pub-title" style={WRAP}>
                {p.title}
              </Title>
              <Group gap="xs">
                <Badge variant="light">{PUBLICATION_TYPE_LABELS[p.type] ?? p.type}</Badge>
                <Text size="sm" c="dimmed">
                  {p.year ?? 'No year'}
                </Text>
              </Group>
            </Stack>
            <Group gap="xs">
              <EditDeleteButtons permissions={permissions} editTo={paths.pubEdit(p.slug)} onDelete={askToDelete} deleting={remove.isPending} />
            </Group>
          </Group>
          <FormError error={remove.error} />
          <FormattedCitation publication={p} />
          <PageSection id="pub-authors" title="Authors">
            {p.authors.length === 0 ? (
              <Text c="dimmed">No authors listed.</Text>
            ) : (
              <Stack component="ol" gap={4} m={0} pl="lg" aria-labelledby="pub-authors">
                {p.authors.map((a, i) => (
                  <Text component="li" key={i} style={WRAP}>
                    {a.person && a.confirmed ? (
                      <Anchor component={PrefetchLink} to={paths.person(a.person.slug)}>
                        {a.name}
                      </Anchor>
                    ) : (
                      a.name
                    )}
                    {a.person && !a.confirmed && permissions.includes('edit') ? (
                      <Text span size="xs" c="dimmed">
                        {` — waiting for ${a.person.name} to confirm`}
                      </Text>
                    ) : null}
                  </Text>
                ))}
              </Stack>
            )}
          </PageSection>
          {abstract ? (
            <PageSection id="pub-abstract" title="Abstract">
              <Text style={{ ...WRAP, whiteSpace: 'pre-line' }}>{abstract}</Text>
            </PageSection>
          ) : null}
          <PageSection id="pub-details" title="Details">
            {venueParts.length || p.doi || p.url || p.keywords.length || p.citationKey ? (
              <Stack component="dl" gap={6} m={0}>
                {venueParts.map(([name, value]) => (
                  <DetailRow nameWidth="5.5rem" key={name} name={name}>
                    {value}
                  </DetailRow>
                ))}
                {p.doi ? (
                  <DetailRow nameWidth="5.5rem" name="DOI">
                    <Anchor href={doiUrl(p.doi)} target="_blank" rel="noreferrer" inherit>
                      {p.doi}
                    </Anchor>
                  </DetailRow>
                ) : null}
                {p.url ? (
                  <DetailRow nameWidth="5.5rem" name="Address">
                    {/^https?:\/\//i.test(p.url) ? (
                      <Anchor href={p.url} target="_blank" rel="noreferrer" inherit>
                        {p.url}
                      </Anchor>
                    ) : (
                      p.url
                    )}
                  </DetailRow>
                ) : null}
                {p.keywords.length ? (
                  <DetailRow nameWidth="5.5rem" name="Keywords">
                    {p.keywords.join(', ')}
                  </DetailRow>
                ) : null}
                {p.citationKey ? (
                  <DetailRow nameWidth="5.5rem" name="Citation key">
                    {p.citationKey}
                  </DetailRow>
                ) : null}
              </Stack>
            ) : (
              <Text c="dimmed">No more details.</Text>
            )}
          </PageSection>
          <OtherFields extra={extra} />
          <PageSection id="pub-projects" title="Projects">
            {p.projects.length === 0 ? (
              <Text c="dimmed">Not linked to any project.</Text>
            ) : (
              <Stack component="ul" gap={4} m={0} pl="lg" aria-labelledby="pub-projects">
                {p.projects.map((project) => (
                  <li key={project.id}>
                    <Anchor component={PrefetchLink} to={paths.project(project.slug)} style={WRAP}>
                      {project.title}
                    </Anchor>
                  </li>
                ))}
              </Stack>
            )}
          </PageSection>
          <PageSection id="pub-export" title="Export">
            <Group gap="xs">
              {PUBLICATION_EXPORT_FORMATS.map((format) => (
                <Button
                  key={format}
                  component="a"
                  href={publicationExportHref(p.id, format)}
                  download
                  variant="default"
                  size="xs"
                  leftSection={<IconDownload size={14} aria-hidden />}
                >
                  {EXPORT_FORMAT_LABELS[format]}
                </Button>
              ))}
            </Group>
          </PageSection>
        </Stack>
      </Stack>
    </Container>
  );
}
