import { Checkbox, Stack } from '@mantine/core';
import { RELATION_TYPES } from '@observatory/shared';
import { ColumnSelect, ImportOptionsPage, type OptionsFormProps } from './ImportOptionsPage';
import { relationsKind, type RelationDraft } from './kinds';

function RelationOptions({ session, draft, change }: OptionsFormProps<RelationDraft>) {
  const { columns } = session;
  return (
    <Stack gap="md">
      <ColumnSelect
        columns={columns}
        label="Id column"
        description="The objects’ names: each record sets the relations of the object it names"
        placeholder="Choose a column"
        required
        value={draft.idColumn}
        onChange={(idColumn) => change({ idColumn })}
      />
      {RELATION_TYPES.map((type) => (
        <ColumnSelect
          key={type.key}
          columns={columns}
          label={`${type.title} column`}
          description={`The name of the ${type.title.toLowerCase()} each object sits in`}
          placeholder="Not set from the file"
          clearable
          value={draft.relColumns[type.key]}
          onChange={(index) => change({ relColumns: { ...draft.relColumns, [type.key]: index } })}
        />
      ))}
      <Checkbox
        label="Empty cells remove relations"
        description="An empty cell removes the object’s site. Unticked, an empty cell leaves it as it is."
        checked={draft.removeEmptyRels}
        onChange={(e) => change({ removeEmptyRels: e.currentTarget.checked })}
      />
    </Stack>
  );
}

/** Site Admin → Data → Import → Object relations: the options of a relation import. */
export default function RelationImportPage() {
  return <ImportOptionsPage def={relationsKind}>{(props) => <RelationOptions {...props} />}</ImportOptionsPage>;
}
