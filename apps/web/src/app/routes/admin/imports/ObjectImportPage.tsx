import { Alert, Autocomplete, Button, Checkbox, Group, MultiSelect, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IMPORT_FIELD_NAME_MAX, type ImportColumn, type ObjectType } from '@observatory/shared';
import { useQueries } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { confirmAction } from '../../../../components/confirm';
import { FormError } from '../../../../components/FormError';
import { limitProps } from '../../../../components/LimitedInput';
import { metadataFields, withSchemas } from '../../../../components/metadata/metadata-form';
import { narrowedTypes } from '../../../../features/objects/edit/narrowed-types';
import { useHasPermission } from '../../../../lib/auth';
import { projectObjectTypesQuery, useAddMetadataField, useEditableProjects, useObjectTypes } from './api';
import { ColumnSelect, ImportOptionsPage, type OptionsFormProps } from './ImportOptionsPage';
import { objectsKind, type ObjectDraft } from './kinds';
import { keyProblem, mapByHeader, metadataHelp, metadataTerms, schemaToExtend, typeNames, type MetadataTerms } from './metadata-columns';
import { columnLabel } from './preview-view';

type Props = OptionsFormProps<ObjectDraft>;

/** The metadata fields of the chosen types (none chosen: of every type), to map columns to. */
function fieldsOf(types: readonly ObjectType[] | undefined, chosen: readonly string[]) {
  const of = chosen.length ? (types ?? []).filter((t) => chosen.includes(t.slug)) : (types ?? []);
  return metadataFields(of.map(withSchemas));
}

/** The columns other options hold: not guessed as metadata. */
const taken = (d: ObjectDraft) => new Set([d.idColumn, d.titleColumn, d.latColumn, d.lonColumn, d.geometryColumn].filter((c): c is number => c !== null));

/** What the chosen types take as metadata. */
function useMetadataTerms(chosen: readonly string[]): MetadataTerms {
  const types = useObjectTypes();
  return useMemo(() => metadataTerms(types.data, chosen), [types.data, chosen]);
}

/** Adds the typed key to the first chosen type's schema (manageSchema), after saying what that does. */
function AddToSchemaButton({ fieldKey, terms }: { fieldKey: string; terms: MetadataTerms }) {
  const types = useObjectTypes();
  const add = useAddMetadataField();
  const target = schemaToExtend(terms);
  if (!target) return null;
  const users = (types.data ?? []).filter((t) => target.schema.slug in t.metadata_schemas);
  const label = `Add “${fieldKey}” to ${target.type.name}’s schema`;
  const ask = () =>
    confirmAction({
      title: `${label}?`,
      message: [
        `The schema “${target.schema.title}” gets a text field “${fieldKey}”, which objects of ${typeNames(users)} may then hold.`,
        'No object changes: a new version of the schema is saved.',
      ],
      confirmLabel: 'Add the field',
      onConfirm: () => add.mutate({ schema: target.schema.slug, key: fieldKey }),
    });
  return (
    <Stack gap={4} align="flex-start">
      {/* A long type name wraps inside the column's cell. */}
      <Button
        size="compact-sm"
        variant="light"
        loading={add.isPending}
        onClick={ask}
        h="auto"
        py={4}
        styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
      >
        {label}
      </Button>
      <FormError error={add.error} />
    </Stack>
  );
}

/** A column's metadata field: one of the chosen types' fields, or a key typed (flagged at once when their schemas take no such field). */
function MetadataColumnInput({ column, session, draft, change, mayAddFields }: Props & { column: ImportColumn; mayAddFields: boolean }) {
  const types = useObjectTypes();
  const fields = useMemo(() => fieldsOf(types.data, draft.objtypes), [types.data, draft.objtypes]);
  const terms = useMetadataTerms(draft.objtypes);
  const labels = new Map(fields.map((f) => [f.key, f.label]));
  const key = String(column.index);
  const value = draft.metadataColumns[key] ?? '';
  const problem = keyProblem(value, terms);
  return (
    <Stack gap={6}>
      <Autocomplete
        aria-label={`Metadata field of ${columnLabel(session.columns, column.index)}`}
        placeholder="Not imported"
        data={fields.map((f) => f.key)}
        value={value}
        {...limitProps(value, IMPORT_FIELD_NAME_MAX, undefined, problem)}
        onChange={(typed) => {
          const next = { ...draft.metadataColumns };
          if (typed.trim()) next[key] = typed.trim();
          else delete next[key];
          change({ metadataColumns: next });
        }}
        renderOption={({ option }) => (
          <Stack gap={0}>
            <Text size="sm">{labels.get(option.value) ?? option.value}</Text>
            {labels.get(option.value) !== option.value ? (
              <Text size="xs" c="dimmed" ff="monospace">
                {option.value}
              </Text>
            ) : null}
          </Stack>
        )}
        size="sm"
      />
      {problem && mayAddFields ? <AddToSchemaButton fieldKey={value} terms={terms} /> : null}
    </Stack>
  );
}

/** What may be typed for a column, and a button that maps every column whose header names a field. */
function MetadataHelp({ session, draft, change, mayAddFields }: Props & { mayAddFields: boolean }) {
  const types = useObjectTypes();
  const terms = useMetadataTerms(draft.objtypes);
  const [mapped, setMapped] = useState<string | null>(null);
  const mapAll = () => {
    const next = mapByHeader(session.columns, fieldsOf(types.data, draft.objtypes), taken(draft), draft.metadataColumns);
    const added = Object.keys(next).length - Object.keys(draft.metadataColumns).length;
    setMapped(
      added
        ? `${added} ${added === 1 ? 'column' : 'columns'} mapped by ${added === 1 ? 'its header' : 'their headers'}.`
        : 'No other column’s header names a field.',
    );
    if (added) change({ metadataColumns: next });
  };
  return (
    <Stack gap="xs" align="flex-start">
      <Text size="sm" c="dimmed">
        {metadataHelp(terms, mayAddFields)}
      </Text>
      <Group gap="sm">
        <Button size="compact-sm" variant="default" onClick={mapAll} disabled={!types.data}>
          Map all columns by header
        </Button>
        <Text size="sm" role="status">
          {mapped}
        </Text>
      </Group>
    </Stack>
  );
}

function ObjectOptions({ session, draft, change, mayAddFields }: Props & { mayAddFields: boolean }) {
  const { columns } = session;
  const types = useObjectTypes();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const editable = useEditableProjects(debounced);
  // Only the projects listed: MultiSelect keeps the title of one picked from a search that has
  // since cleared, and shows a chosen project it never saw listed by its slug.
  const projectChoices = new Map<string, string>(editable.projects.map((p) => [p.slug, p.title]));
  // The types the chosen projects catalogue (none: any type) narrow the types offered.
  const catalogued = useQueries({
    queries: draft.projects.map((p) => projectObjectTypesQuery(p)),
    combine: (results) => results.flatMap((r) => r.data?.map((t) => t.slug) ?? []),
  });
  const typeChoices = narrowedTypes(types.data ?? [], catalogued, draft.objtypes);

  const chooseTypes = (objtypes: string[]) => {
    // Columns named as a newly offered field are mapped to it (those mapped already stay).
    change({ objtypes, metadataColumns: mapByHeader(columns, fieldsOf(types.data, objtypes), taken(draft), draft.metadataColumns) });
  };

  return (
    <Stack gap="md">
      <ColumnSelect
        columns={columns}
        label="Id column"
        description="The objects’ names: a record updates the object its id names"
        placeholder="None: every record creates an object"
        clearable
        value={draft.idColumn}
        onChange={(idColumn) => change({ idColumn })}
      />
      {draft.idColumn === null ? (
        <Alert color="yellow" variant="light" role="note">
          Without an id column every record creates a new object: importing the file again creates them again.
        </Alert>
      ) : null}
      <Checkbox
        label="Create objects"
        description={
          draft.idColumn === null
            ? 'Every record creates an object, named from its title.'
            : 'A record whose id no object has creates one; unticked, such a record is an error.'
        }
        checked={draft.createObjs}
        onChange={(e) => change({ createObjs: e.currentTarget.checked })}
      />
      <ColumnSelect
        columns={columns}
        label="Title column"
        placeholder="None: titles stay as they are"
        clearable
        value={draft.titleColumn}
        onChange={(titleColumn) => change({ titleColumn })}
      />
      <Checkbox
        label="Set locations"
        description="Each object’s location from a geometry column (any shape), or a latitude and a longitude column in degrees (all cells empty: no location)"
        checked={draft.setLocation}
        onChange={(e) => change({ setLocation: e.currentTarget.checked })}
      />
      {draft.setLocation ? (
        <Stack gap="xs" maw={560}>
          <ColumnSelect
            columns={columns}
            label="Geometry column"
            description="GeoJSON text or WKT, as the objects export writes it; where it is empty, the latitude and longitude"
            placeholder="None"
            clearable
            value={draft.geometryColumn}
            onChange={(geometryColumn) => change({ geometryColumn })}
          />
          <Group gap="md" align="flex-start" grow wrap="wrap">
            <ColumnSelect
              columns={columns}
              label="Latitude column"
              placeholder="None"
              clearable
              required={draft.geometryColumn === null}
              value={draft.latColumn}
              onChange={(latColumn) => change({ latColumn })}
              miw={200}
            />
            <ColumnSelect
              columns={columns}
              label="Longitude column"
              placeholder="None"
              clearable
              required={draft.geometryColumn === null}
              value={draft.lonColumn}
              onChange={(lonColumn) => change({ lonColumn })}
              miw={200}
            />
          </Group>
        </Stack>
      ) : null}
      <MultiSelect
        label="Projects"
        description="Projects you may edit: the objects join them"
        placeholder={editable.isPending ? 'Loading your projects…' : draft.projects.length ? undefined : 'None'}
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        nothingFoundMessage="No project of yours matches"
        data={[...projectChoices].map(([value, label]) => ({ value, label }))}
        value={draft.projects}
        onChange={(projects) => change({ projects })}
        maw={560}
      />
      <Checkbox
        label="Keep their other projects"
        description="Unticked, the projects chosen replace an updated object’s projects"
        checked={draft.mergeProjects}
        onChange={(e) => change({ mergeProjects: e.currentTarget.checked })}
      />
      <MultiSelect
        label="Object types"
        description={
          catalogued.length > 0
            ? 'Narrowed to the types the chosen projects catalogue'
            : 'The objects’ types: their schemas say which metadata fields they have'
        }
        placeholder={types.isPending ? 'Loading the types…' : draft.objtypes.length ? undefined : 'None'}
        searchable
        nothingFoundMessage="No type matches"
        data={typeChoices.map((t) => ({ value: t.slug, label: t.name }))}
        value={draft.objtypes}
        onChange={chooseTypes}
        maw={560}
      />
      <Checkbox
        label="Keep their other types"
        description="Unticked, the types chosen replace an updated object’s types"
        checked={draft.mergeObjTypes}
        onChange={(e) => change({ mergeObjTypes: e.currentTarget.checked })}
      />
      <Checkbox
        label="Keep their other metadata"
        description="Unticked, the fields mapped below are all of an updated object’s metadata"
        checked={draft.mergeMetadata}
        onChange={(e) => change({ mergeMetadata: e.currentTarget.checked })}
      />
      <MetadataHelp session={session} draft={draft} change={change} mayAddFields={mayAddFields} />
    </Stack>
  );
}

/** Site Admin → Data → Import → Objects: the options of an object import. */
export default function ObjectImportPage() {
  // Who may add a field to a type's schema from the mapping.
  const mayAddFields = useHasPermission('manageSchema');
  return (
    <ImportOptionsPage
      def={objectsKind}
      columnExtra={(props) => ({
        label: 'Metadata field',
        render: (column) => <MetadataColumnInput {...props} column={column} mayAddFields={mayAddFields} />,
      })}
    >
      {(props) => <ObjectOptions {...props} mayAddFields={mayAddFields} />}
    </ImportOptionsPage>
  );
}
