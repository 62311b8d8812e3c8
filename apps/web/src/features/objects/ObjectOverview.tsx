import { ActionIcon, Alert, Anchor, Group, List, Loader, SimpleGrid, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { CopyButton } from '../../components/CopyButton';
import { PrefetchLink } from '../../components/PrefetchLink';
import { RichText } from '../../components/RichText';
import { paths } from '../../config/paths';
import { objectQuery } from './api';
import { toFeatures, type MapFeatures } from './geo-features';
import { formatArea, formatLength, latLon, locationFacts, locationSentence } from './geo-measure';
import { metadataRows, objectTypeSource } from '../../components/metadata/metadata-view';
import { useObjectPageValue, type ObjectPageValue } from './object-context';
import { dateTime, TypeBadges } from './object-bits';
import { PageSection } from '../../components/PageSection';
import { LatestValues } from '../../components/LatestValues';
import { useObjectLatest } from '../../lib/latest-values';

const ObjectMap = lazy(() => import('./ObjectMap'));

function Metadata({ state }: { state: ObjectPageValue }) {
  const { obj } = state.detail;
  const types = obj.types.flatMap((t) => state.types[t.slug] ?? []);
  const rows = metadataRows(obj.metadata, types.map(objectTypeSource));
  if (rows.length === 0) return <Text c="dimmed">No details recorded.</Text>;
  return <FactTable rows={rows} spacing={4} />;
}

/** Label and value pairs, one a row, the label as the row's header. */
function FactTable({ rows, label, spacing }: { rows: { key?: string; label: string; value: ReactNode }[]; label?: string; spacing: number }) {
  return (
    <Table withRowBorders={false} verticalSpacing={spacing} w="auto" aria-label={label}>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={r.key ?? r.label}>
            <Table.Th scope="row" fw={500} pr="lg">
              {r.label}
            </Table.Th>
            <Table.Td>{r.value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Coordinates as text, with a button that copies them ("latitude, longitude", as map search boxes take them). */
function Coordinates({ position, label }: { position: number[]; label: string }) {
  const text = latLon(position);
  return (
    <Group gap={6} wrap="nowrap">
      <Text span ff="monospace" size="sm">
        {text}
      </Text>
      <CopyButton value={text}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? 'Copied' : 'Copy'} withArrow>
            <ActionIcon
              variant="subtle"
              color={copied ? 'teal' : 'gray'}
              size="sm"
              onClick={copy}
              aria-label={copied ? `${label} copied` : `Copy the ${label.toLowerCase()}`}
            >
              {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}

/** Where the object is, in a sentence and in numbers: its point, or its area, length and extent. */
function LocationInWords({ geo }: { geo: NonNullable<ObjectPageValue['detail']['obj']['geo']> }) {
  const facts = locationFacts(geo);
  const rows: { label: string; value: ReactNode }[] = [];
  if (facts.point) rows.push({ label: 'Latitude, longitude', value: <Coordinates position={facts.point} label="Coordinates" /> });
  if (facts.area !== null) rows.push({ label: 'Area', value: formatArea(facts.area) });
  if (facts.length !== null) rows.push({ label: 'Length', value: formatLength(facts.length) });
  if (facts.extent) {
    const { west, south, east, north, width, height } = facts.extent;
    rows.push({ label: 'Extent', value: `${formatLength(width)} east–west × ${formatLength(height)} north–south` });
    rows.push({ label: 'Bounds', value: `${latLon([west, south])} (south-west) to ${latLon([east, north])} (north-east)` });
  }
  if (facts.centre && !facts.point) rows.push({ label: 'Centre', value: <Coordinates position={facts.centre} label="Centre" /> });
  return (
    <Stack gap="xs">
      <Text>{locationSentence(facts)}</Text>
      <FactTable rows={rows} label="Location in numbers" spacing={2} />
    </Stack>
  );
}

/** The object, its parent and its children on a small map, when any of them has a geometry. */
function ObjectsAround({ state }: { state: ObjectPageValue }) {
  const { obj } = state.detail;
  const navigate = useNavigate();
  const parent = useQuery({ ...objectQuery(obj.parent?.name ?? ''), enabled: !!obj.parent, retry: false });
  const features = useMemo<MapFeatures>(() => {
    const marker = obj.types[0]?.marker ?? 'default';
    const p = parent.data?.obj;
    return {
      type: 'FeatureCollection',
      features: [
        ...(p ? toFeatures(p.geo, { name: p.name, title: p.title, marker: p.types[0]?.marker ?? 'default', role: 'parent' }) : []),
        ...state.children.items.flatMap((c) => toFeatures(c.geo, { name: c.name, title: c.title, marker: c.types[0]?.marker ?? 'default', role: 'child' })),
        ...toFeatures(obj.geo, { name: obj.name, title: obj.title, marker, role: 'self' }),
      ],
    };
  }, [obj, parent.data, state.children.items]);
  if (features.features.length === 0) return <Text c="dimmed">No location recorded.</Text>;
  return (
    <Suspense fallback={<Loader size="sm" role="status" aria-label="Loading the map" />}>
      <ObjectMap
        features={features}
        label={`Map of ${obj.title}${obj.parent ? ', its parent' : ''} and its children`}
        onSelect={(name) => name !== obj.name && void navigate(paths.object(name))}
      />
    </Suspense>
  );
}

function Children({ state }: { state: ObjectPageValue }) {
  const { items, busy, error } = state.children;
  if (error) return <Alert color="danger" role="alert">{`The children could not be loaded: ${error}`}</Alert>;
  if (busy && items.length === 0) return <Loader size="sm" role="status" aria-label="Loading the children" />;
  if (items.length === 0) return <Text c="dimmed">No objects within this one.</Text>;
  return (
    <List listStyleType="none" spacing={6} aria-label="Children">
      {items.map((c) => (
        <List.Item key={c.id}>
          <Group gap="sm">
            <Anchor component={PrefetchLink} to={paths.object(c.name)}>
              {c.title}
            </Anchor>
            <TypeBadges types={c.types} />
          </Group>
        </List.Item>
      ))}
    </List>
  );
}

/** Details by the types' schemas (with units), documentation, map, children; projects, people and institutions in order. */
/** Linked entries in their order, each with its role when it has one. */
function LinkedList({ items, empty, label }: { items: { id: string; to: string; name: string; role: string | null }[]; empty: string; label?: string }) {
  if (items.length === 0) return <Text c="dimmed">{empty}</Text>;
  return (
    <List listStyleType="none" spacing="xs" aria-label={label}>
      {items.map((item) => (
        <List.Item key={item.id}>
          <Anchor component={PrefetchLink} to={item.to}>
            {item.name}
          </Anchor>
          {item.role ? <Text span size="sm" c="dimmed">{` — ${item.role}`}</Text> : null}
        </List.Item>
      ))}
    </List>
  );
}

/** The latest value of each series measured on the object: a section only when it has any. */
function LatestSection({ name }: { name: string }) {
  const latest = useObjectLatest(name);
  if (!latest.isError && !latest.data?.values.length) return null;
  return (
    <PageSection id="object-latest" title="Latest values">
      <LatestValues object={name} />
    </PageSection>
  );
}

export default function ObjectOverview() {
  const state = useObjectPageValue();
  const { obj, doc } = state.detail;
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="xl">
      <Stack gap="lg" style={{ gridColumn: 'span 2' }}>
        <PageSection id="object-details" title="Details">
          <Metadata state={state} />
        </PageSection>
        <LatestSection name={obj.name} />
        <PageSection id="object-doc" title="Documentation">
          {doc ? <RichText doc={doc} /> : <Text c="dimmed">No documentation yet.</Text>}
        </PageSection>
        <PageSection id="object-map" title="Location">
          {obj.geo ? <LocationInWords geo={obj.geo} /> : null}
          <ObjectsAround state={state} />
        </PageSection>
        <PageSection id="object-children" title="Children">
          <Children state={state} />
        </PageSection>
      </Stack>
      <Stack gap="lg">
        <PageSection id="object-projects" title="Projects">
          <LinkedList empty="Not part of a project." items={obj.projects.map((p) => ({ id: p.id, to: paths.project(p.slug), name: p.title, role: null }))} />
        </PageSection>
        <PageSection id="object-people" title="People">
          <LinkedList
            label="People in order"
            empty="No people listed."
            items={obj.people.map((p) => ({ id: p.person.id, to: paths.person(p.person.slug), name: p.person.name, role: p.role }))}
          />
        </PageSection>
        <PageSection id="object-institutions" title="Institutions">
          <LinkedList
            label="Institutions in order"
            empty="No institutions listed."
            items={obj.institutions.map((i) => ({ id: i.institution.id, to: paths.partner(i.institution.slug), name: i.institution.name, role: i.role }))}
          />
        </PageSection>
        <Text size="sm" c="dimmed">
          Last changed{obj.update.by ? ` by ${obj.update.by.name}` : ''} on {dateTime(obj.update.at)}
        </Text>
      </Stack>
    </SimpleGrid>
  );
}
