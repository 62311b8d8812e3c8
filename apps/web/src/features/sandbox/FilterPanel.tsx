import { ActionIcon, Button, Group, MultiSelect, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback, useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import { DATA_LEVELS, QUALITY_FLAGS, SANDBOX_LIMITS, type DataLevel, type Metric, type ObjectType, type QualityFlag } from '@observatory/shared';
import { useState } from 'react';
import { dayOf, dayStart } from '../../components/charts/chart-data';
import { useProjectChoices } from './api';
import { formatBox, PER_PAGE_CHOICES, type SandboxState } from './sandbox-query';

/** A metadata field of the chosen types' schemas: its name, title and allowed values. */
export interface FieldChoice {
  name: string;
  label: string;
  values: string[] | null;
}

/** The fields of the chosen types' schemas, in order, each once. */
export function fieldsOfTypes(types: ObjectType[], chosen: string[]): FieldChoice[] {
  const fields = new Map<string, FieldChoice>();
  for (const type of types.filter((t) => chosen.includes(t.slug))) {
    for (const { schema } of Object.values(type.metadata_schemas)) {
      const properties = (schema.properties ?? {}) as Record<string, { title?: string; enum?: unknown[] }>;
      for (const [name, property] of Object.entries(properties)) {
        if (fields.has(name)) continue;
        fields.set(name, {
          name,
          label: property?.title ? `${property.title} (${name})` : name,
          values: Array.isArray(property?.enum) ? property.enum.map(String) : null,
        });
      }
    }
  }
  return [...fields.values()];
}

type Row = { field: string; value: string };

const PER_PAGE_DATA = PER_PAGE_CHOICES.map(String);
/** How long typing a value rests before the query is asked again. */
const TYPING_DELAY_MS = 600;

/**
 * The metadata filters: a field of the chosen types and the value it must equal. Rows are
 * edited here and reach the query when both halves are given (a typed value once typing
 * rests); a change of the address from elsewhere (back, a shared link) shows its own.
 */
function MetadataFilters({
  where,
  fields,
  errors,
  onChange,
}: {
  where: Row[];
  fields: FieldChoice[];
  errors: Record<string, string>;
  onChange: (rows: Row[]) => void;
}) {
  const [rows, setRows] = useState<Row[]>(where);
  const [seen, setSeen] = useState(JSON.stringify(where));
  const [sent, setSent] = useState<string | null>(null);
  const incoming = JSON.stringify(where);
  if (incoming !== seen) {
    setSeen(incoming);
    if (incoming !== sent) setRows(where);
  }
  const commit = (next: Row[]) => {
    const complete = next.filter((r) => r.field && r.value.trim() !== '').map((r) => ({ field: r.field, value: r.value.trim() }));
    setSent(JSON.stringify(complete));
    onChange(complete);
  };
  // A typed value is sent once typing rests; a choice at once.
  const commitLater = useDebouncedCallback(commit, TYPING_DELAY_MS);
  const change = (next: Row[], now: boolean) => {
    setRows(next);
    if (now) commit(next);
    else commitLater(next);
  };
  const fieldData = fields.map((f) => ({ value: f.name, label: f.label }));
  return (
    <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <Text component="legend" size="sm" fw={500}>
        Metadata filters
      </Text>
      {fields.length === 0 ? (
        <Text size="sm" c="dimmed">
          Choose an object type to filter by the fields of its metadata.
        </Text>
      ) : null}
      {rows.map((row, i) => {
        const field = fields.find((f) => f.name === row.field);
        const update = (part: Partial<Row>, now: boolean) =>
          change(
            rows.map((r, j) => (j === i ? { ...r, ...part } : r)),
            now,
          );
        return (
          <Group key={i} gap="xs" align="flex-start" wrap="wrap">
            <Select
              label={`Field ${i + 1}`}
              placeholder="Choose a field"
              data={fieldData}
              value={row.field || null}
              onChange={(v) => update({ field: v ?? '', value: '' }, true)}
              error={errors[`where.${i}.field`]}
              w={{ base: '100%', xs: 220 }}
              searchable
            />
            {field?.values ? (
              <Select
                label={`Value ${i + 1}`}
                placeholder="Choose a value"
                data={field.values}
                value={row.value || null}
                onChange={(v) => update({ value: v ?? '' }, true)}
                error={errors[`where.${i}.value`]}
                w={{ base: '100%', xs: 200 }}
              />
            ) : (
              <TextInput
                label={`Value ${i + 1}`}
                placeholder="Equals…"
                value={row.value}
                onChange={(e) => update({ value: e.currentTarget.value }, false)}
                onBlur={() => commit(rows)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') commit(rows);
                }}
                error={errors[`where.${i}.value`]}
                w={{ base: '100%', xs: 200 }}
              />
            )}
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              mt={{ base: 0, xs: 26 }}
              aria-label={`Remove filter ${i + 1}`}
              onClick={() =>
                change(
                  rows.filter((_, j) => j !== i),
                  true,
                )
              }
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
        );
      })}
      {fields.length > 0 ? (
        <Group>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconPlus size={14} aria-hidden />}
            disabled={rows.length >= SANDBOX_LIMITS.filters}
            onClick={() => setRows([...rows, { field: '', value: '' }])}
          >
            Add a filter
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

/** The project picker: searched on the server as typed; chosen projects stay shown by their slug until their titles come. */
function ProjectPicker({ value, error, onChange }: { value: string[]; error: string | undefined; onChange: (slugs: string[]) => void }) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const choices = useProjectChoices(q);
  const [titles, setTitles] = useState<Record<string, string>>({});
  const found = choices.data ?? [];
  const known = { ...titles, ...Object.fromEntries(found.map((p) => [p.slug, p.title])) };
  const data = [
    ...value.filter((slug) => !found.some((p) => p.slug === slug)).map((slug) => ({ value: slug, label: known[slug] ?? slug })),
    ...found.map((p) => ({ value: p.slug, label: p.title })),
  ];
  return (
    <MultiSelect
      label="Projects"
      description={`Objects in any of them (up to ${SANDBOX_LIMITS.projects})`}
      placeholder={value.length ? undefined : 'Any project'}
      data={data}
      value={value}
      onChange={(slugs) => {
        setTitles(known);
        onChange(slugs);
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server has searched already.
      filter={({ options }) => options}
      nothingFoundMessage={choices.isFetching ? 'Searching…' : 'No project found'}
      maxValues={SANDBOX_LIMITS.projects}
      clearable
      error={error}
      w={{ base: '100%', sm: 300 }}
    />
  );
}

/**
 * The sandbox's filters: object types, projects, metrics, metadata filters of the chosen
 * types' fields, the map area (drawn on the Map tab), the span of time of the observations
 * (From, Before: also set by zooming a chart) and the page size. Every change goes
 * to the address (the query's one home) through `onChange`.
 */
export function FilterPanel({
  state,
  types,
  metrics,
  errors,
  onChange,
}: {
  state: SandboxState;
  types: ObjectType[];
  metrics: Metric[];
  /** The server's refusals by field (without "body."). */
  errors: Record<string, string>;
  onChange: (change: Partial<SandboxState>) => void;
}) {
  const typeData = types.map((t) => ({ value: t.slug, label: t.name }));
  for (const slug of state.types) if (!typeData.some((t) => t.value === slug)) typeData.push({ value: slug, label: slug });
  const metricData = metrics.map((m) => ({ value: m.name, label: m.unit ? `${m.title} (${m.unit})` : m.title }));
  for (const name of state.metrics) if (!metricData.some((m) => m.value === name)) metricData.push({ value: name, label: name });
  const fields = fieldsOfTypes(types, state.types);
  return (
    <Stack gap="md" component="section" aria-label="Filters">
      <Group align="flex-start" gap="sm" wrap="wrap">
        <MultiSelect
          label="Object types"
          description={`Objects of any of them (up to ${SANDBOX_LIMITS.types})`}
          placeholder={state.types.length ? undefined : 'Any type'}
          data={typeData}
          value={state.types}
          // Filters on fields the remaining types lack go with the type.
          onChange={(slugs) => {
            const kept = fieldsOfTypes(types, slugs).map((f) => f.name);
            onChange({ types: slugs, where: state.where.filter((w) => kept.includes(w.field)) });
          }}
          maxValues={SANDBOX_LIMITS.types}
          searchable
          clearable
          error={errors.types}
          w={{ base: '100%', sm: 300 }}
        />
        <ProjectPicker value={state.projects} error={errors.projects} onChange={(projects) => onChange({ projects })} />
        <MultiSelect
          label="Metrics"
          description={`Summed up for each object, charted (up to ${SANDBOX_LIMITS.metrics})`}
          placeholder={state.metrics.length ? undefined : 'No metrics'}
          data={metricData}
          value={state.metrics}
          onChange={(names) => onChange({ metrics: names })}
          maxValues={SANDBOX_LIMITS.metrics}
          searchable
          clearable
          error={errors.metrics}
          w={{ base: '100%', sm: 300 }}
        />
      </Group>
      <MetadataFilters where={state.where} fields={fields} errors={errors} onChange={(where) => onChange({ where })} />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Map area
          </Text>
          <Group gap="xs">
            <Text size="sm" c={state.bbox ? undefined : 'dimmed'} data-testid="map-area">
              {state.bbox ? formatBox(state.bbox).replaceAll(',', ', ') : 'Anywhere: draw a box or use the view on the Map tab'}
            </Text>
            {state.bbox ? (
              <Button variant="subtle" size="compact-sm" leftSection={<IconX size={14} aria-hidden />} onClick={() => onChange({ bbox: null })}>
                Clear the map area
              </Button>
            ) : null}
          </Group>
          {errors.bbox ? (
            <Text size="sm" c="danger" role="alert">
              {errors.bbox}
            </Text>
          ) : null}
        </Stack>
        <TextInput
          type="date"
          label="From"
          description="Observations from this day"
          value={dayOf(state.from ?? undefined)}
          onChange={(e) => onChange({ from: dayStart(e.currentTarget.value) ?? null })}
          error={errors.from}
          w={{ base: '100%', xs: 170 }}
        />
        <TextInput
          type="date"
          label="Before"
          description="…to just before this day"
          value={dayOf(state.to ?? undefined)}
          onChange={(e) => onChange({ to: dayStart(e.currentTarget.value) ?? null })}
          error={errors.to}
          w={{ base: '100%', xs: 170 }}
        />
        <MultiSelect
          label="Quality flags"
          description="Only values flagged so"
          placeholder={state.flags.length ? undefined : 'Any flag'}
          data={QUALITY_FLAGS.map((f) => ({ value: f, label: f }))}
          value={state.flags}
          onChange={(flags) => onChange({ flags: flags as QualityFlag[] })}
          clearable
          error={errors.flags}
          w={{ base: '100%', xs: 220 }}
        />
        <MultiSelect
          label="Data levels"
          description="Only values at these levels"
          placeholder={state.levels.length ? undefined : 'Any level'}
          data={DATA_LEVELS.map((l) => ({ value: l, label: l }))}
          value={state.levels}
          onChange={(levels) => onChange({ levels: levels as DataLevel[] })}
          clearable
          error={errors.levels}
          w={{ base: '100%', xs: 220 }}
        />
        <Select
          label="Rows a page"
          data={PER_PAGE_DATA}
          value={String(state.n)}
          allowDeselect={false}
          onChange={(v) => onChange({ n: Number(v) || SANDBOX_LIMITS.perPage })}
          error={errors.n}
          w={{ base: '100%', xs: 120 }}
        />
      </Group>
    </Stack>
  );
}
