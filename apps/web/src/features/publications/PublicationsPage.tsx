import { Alert, Anchor, Button, Center, Container, Group, Loader, Menu, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconChevronDown, IconDownload, IconSearch } from '@tabler/icons-react';
import { PUBLICATION_EXPORT_FORMATS, PUBLICATION_TYPES } from '@observatory/shared';
import { useSearchParams } from 'react-router';
import { Paging } from '../../components/Paging';
import { PersonPicker } from '../../components/pickers/PersonPicker';
import { ProjectPicker } from '../../components/pickers/ProjectPicker';
import { PrefetchLink } from '../../components/PrefetchLink';
import { PublicationList } from '../../components/PublicationLine';
import { paths } from '../../config/paths';
import { useCurrentUser } from '../../lib/auth';
import { toErrorView } from '../../lib/errors';
import { EXPORT_FORMAT_LABELS, PUBLICATION_TYPE_LABELS } from '../../lib/publications';
import { useDelayedFlag } from '../../lib/use-delayed';
import { useListParams } from '../../lib/use-list-params';
import { useTitle } from '../../lib/use-title';
import { exportHref, PUBLICATION_FILTERS, publicationQuery, usePublicationList, usePublicationYears } from './api';

const TYPE_CHOICES = PUBLICATION_TYPES.map((t) => ({ value: t, label: PUBLICATION_TYPE_LABELS[t] }));

/** BibTeX, RIS or CSL-JSON of everything the search and filters match: links to the API's public export. */
function ExportMenu({ query, total }: { query: string; total: number }) {
  return (
    <Menu position="bottom-end" shadow="md">
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          rightSection={<IconChevronDown size={16} aria-hidden />}
          disabled={total === 0}
        >
          Export
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{total === 1 ? 'The publication found' : `The ${total} publications found`}</Menu.Label>
        {PUBLICATION_EXPORT_FORMATS.map((format) => (
          <Menu.Item key={format} component="a" href={exportHref(query, format)} download>
            {EXPORT_FORMAT_LABELS[format]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The publications: search (title, authors, abstract), filters by year, type, person and project, 25 a page, exports. */
export default function PublicationsPage() {
  useTitle('Publications');
  const { searchInput, q, page, setPage, filters, setFilter, pickerFilter } = useListParams(PUBLICATION_FILTERS);
  const [, setParams] = useSearchParams();
  const query = publicationQuery({ q, ...filters });
  const list = usePublicationList(query, page);
  const years = usePublicationYears();
  const { user } = useCurrentUser();
  const spinner = useDelayedFlag(list.isFetching);
  const publications = list.data?.data.publications ?? [];
  const pagination = list.data?.pagination;
  const total = pagination?.count ?? publications.length;
  const filtered = query !== '';

  const yearChoices = (years.data ?? []).map((y) => ({ value: String(y.year), label: `${y.year} (${y.count})` }));
  // A year in the address that the list of years does not hold (yet) stays choosable.
  if (filters.year && !yearChoices.some((y) => y.value === filters.year)) yearChoices.unshift({ value: filters.year, label: filters.year });

  const clearAll = () => setParams(new URLSearchParams(), { replace: true });

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" gap="sm">
          <Title order={1}>Publications</Title>
          <Group gap="sm">
            <ExportMenu query={query} total={total} />
            {user ? (
              <Button component={PrefetchLink} to={paths.pubNew}>
                New publication
              </Button>
            ) : null}
          </Group>
        </Group>
        <Group align="flex-end" gap="sm" wrap="wrap" role="search" aria-label="Find publications">
          <TextInput
            label="Search publications"
            description="Words of the title, the authors or the abstract"
            placeholder="e.g. forecasting"
            leftSection={<IconSearch size={16} aria-hidden />}
            type="search"
            {...searchInput}
            w={{ base: '100%', sm: 320 }}
          />
          <Select
            label="Year"
            placeholder="Any"
            clearable
            searchable
            data={yearChoices}
            value={filters.year}
            onChange={(v) => setFilter('year', v)}
            w={{ base: '100%', xs: 140 }}
          />
          <Select
            label="Type"
            placeholder="Any"
            clearable
            data={TYPE_CHOICES}
            value={filters.type}
            onChange={(v) => setFilter('type', v)}
            w={{ base: '100%', xs: 180 }}
          />
          <PersonPicker label="Author" placeholder="Any" by="slug" clearable w={220} {...pickerFilter('person')} />
          <ProjectPicker placeholder="Any" by="slug" clearable w={220} {...pickerFilter('project')} />
          {spinner && publications.length > 0 ? <Loader size="sm" role="status" aria-label="Loading" /> : null}
        </Group>
        {list.error ? (
          <Alert color="danger" role="alert" title="The publications could not be loaded">
            {toErrorView(list.error).message}{' '}
            <Anchor component="button" type="button" onClick={() => void list.refetch()}>
              Try again
            </Anchor>
          </Alert>
        ) : null}
        {spinner && publications.length === 0 && !list.error ? (
          <Center p="xl">
            <Loader role="status" aria-label="Loading the publications" />
          </Center>
        ) : null}
        {list.isSuccess && !list.isPlaceholderData && publications.length === 0 ? (
          filtered ? (
            <Stack gap="xs" align="flex-start">
              <Text>No publications match this search and these filters.</Text>
              <Button variant="default" onClick={clearAll}>
                Clear the search and filters
              </Button>
            </Stack>
          ) : (
            <Text>No publications have been listed yet.</Text>
          )
        ) : null}
        {publications.length > 0 ? (
          <div aria-busy={list.isFetching || undefined}>
            <PublicationList publications={publications} empty="" label="Publications found" />
          </div>
        ) : null}
        <Paging pagination={pagination} page={page} onChange={setPage} noun={['publication', 'publications']} />
      </Stack>
    </Container>
  );
}
