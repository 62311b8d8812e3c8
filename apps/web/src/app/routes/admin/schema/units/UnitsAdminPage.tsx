import { Anchor, Badge, Button, Checkbox, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { UnitDescriptionFields, unitDescriptionRules } from './unit-fields';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { lengthLimit, UnitInputSchema, type Unit } from '@observatory/shared';
import { IconSearch } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { fieldErrors, FormError, showFieldErrors, unplacedError } from '../../../../../components/FormError';
import { useUnsavedChanges } from '../../../../../components/unsaved-changes';
import { LimitedTextInput } from '../../../../../components/LimitedInput';
import { PageState } from '../../../../../components/PageState';
import { Paging } from '../../../../../components/Paging';
import { PrefetchLink } from '../../../../../components/PrefetchLink';
import { AdminTable } from '../../../../../components/admin/AdminTable';
import { paths } from '../../../../../config/paths';
import { lengthRule } from '../../../../../lib/form-rules';
import { searchUnits, useUnits } from '../../../../../lib/units';
import { useListParams } from '../../../../../lib/use-list-params';
import { useTitle } from '../../../../../lib/use-title';
import { useCreateUnit } from './api';

/** Rows a page: the list holds UCUM's ~800 units. */
const PAGE_SIZE = 50;

const FIELDS = ['code', 'name', 'printSymbol', 'property'];
const CODE_MAX = lengthLimit(UnitInputSchema.shape.code);

/** A unit UCUM knows, added to the list: the server checks the code with UCUM and answers its suggestion. */
function AddUnitForm({ units, onDone }: { units: Unit[]; onDone: () => void }) {
  const navigate = useNavigate();
  const create = useCreateUnit();
  const form = useForm({
    initialValues: { code: '', name: '', printSymbol: '', property: '' },
    validate: {
      code: lengthRule(CODE_MAX, (v) =>
        !v.trim() ? 'Give the unit’s UCUM code' : units.some((u) => u.code === v.trim()) ? 'This unit is in the list already' : null,
      ),
      ...unitDescriptionRules,
    },
  });
  const unsaved = useUnsavedChanges(form.isDirty(), 'the new unit');
  return (
    <form
      noValidate
      aria-label="Add a unit"
      onSubmit={form.onSubmit((v) =>
        create.mutate(
          {
            code: v.code.trim(),
            ...(v.name.trim() ? { name: v.name.trim() } : {}),
            ...(v.printSymbol.trim() ? { printSymbol: v.printSymbol.trim() } : {}),
            property: v.property.trim(),
          },
          {
            onSuccess: (unit) => {
              notifications.show({ color: 'green', message: `Unit ${unit.code} added` });
              onDone();
              unsaved.saved();
              void navigate(paths.adminUnit(unit.code));
            },
            onError: (e) => showFieldErrors(form, fieldErrors(e)),
          },
        ),
      )}
    >
      <Stack gap="sm">
        <Text size="sm">
          Units are written as UCUM codes (
          <Anchor href="https://ucum.org/ucum" target="_blank" rel="noreferrer" fz="inherit">
            ucum.org
          </Anchor>
          ), exactly and case-sensitively: a degree Celsius is <code>Cel</code>, a hectare <code>har</code>, micromoles per square metre and second{' '}
          <code>umol/m2/s</code>. UCUM checks the code; when it does not know one, it says what it expected.
        </Text>
        <FormError error={unplacedError(create.error, FIELDS)} />
        <LimitedTextInput label="Code" required autoComplete="off" spellCheck={false} data-autofocus limit={CODE_MAX} {...form.getInputProps('code')} />
        <UnitDescriptionFields form={form} symbolDefault="the code" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Add unit
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Every unit of measure, UCUM's and those added: search, open one, add one. */
export default function UnitsAdminPage() {
  useTitle('Units · Site Admin');
  const { searchInput, q, page, setPage, filters, setFilter } = useListParams(['added']);
  const units = useUnits();
  const [adding, add] = useDisclosure(false);
  if (!units.data) return <PageState isPending={units.isPending} error={units.error} />;
  const addedOnly = filters.added === '1';
  const found = searchUnits(addedOnly ? units.data.filter((u) => !u.builtin) : units.data, q);
  const shown = found.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  const added = units.data.filter((u) => !u.builtin).length;
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1}>Units</Title>
        <Button onClick={add.open}>Add a unit</Button>
      </Group>
      <Text size="sm" c="dimmed">
        The units metrics are measured in: {units.data.length - added} from UCUM’s own table and {added} added here.
      </Text>
      <Group align="flex-end" gap="lg">
        <TextInput
          label="Search units"
          placeholder="Code, name or property"
          leftSection={<IconSearch size={16} aria-hidden />}
          {...searchInput}
          w={{ base: '100%', xs: 320 }}
        />
        <Checkbox label="Added units only" checked={addedOnly} onChange={(e) => setFilter('added', e.currentTarget.checked ? '1' : null)} mb={8} />
      </Group>
      {found.length === 0 ? (
        <Text>{q ? `No unit matches “${q}”.` : addedOnly ? 'No unit has been added yet: UCUM’s own are all there is.' : 'There are no units.'}</Text>
      ) : (
        <AdminTable
          label="Units"
          minWidth={640}
          highlightOnHover
          rows={shown}
          rowKey={(u) => u.code}
          columns={[
            {
              header: 'Code',
              cell: (u) => (
                <Anchor component={PrefetchLink} to={paths.adminUnit(u.code)} ff="monospace" fz="sm">
                  {u.code}
                </Anchor>
              ),
            },
            { header: 'Name', cell: (u) => u.name },
            { header: 'Symbol', cell: (u) => u.printSymbol },
            { header: 'Property', cell: (u) => u.property || '—' },
            {
              header: 'Source',
              cell: (u) =>
                u.builtin ? (
                  <Badge variant="light" color="gray" miw="max-content">
                    Built in
                  </Badge>
                ) : (
                  <Badge variant="light" miw="max-content">
                    Added
                  </Badge>
                ),
            },
          ]}
        />
      )}
      <Paging pagination={{ page, count: found.length, limit: PAGE_SIZE }} page={page} onChange={setPage} noun={['unit', 'units']} />
      <Modal opened={adding} onClose={add.close} title="Add a unit">
        <AddUnitForm units={units.data} onDone={add.close} />
      </Modal>
    </Stack>
  );
}
