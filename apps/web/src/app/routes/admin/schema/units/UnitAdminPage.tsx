import { Anchor, Badge, Button, Group, List, NumberInput, Stack, Table, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { UNIT_FIELDS, UnitDescriptionFields, unitDescriptionRules, type UnitDescription } from './unit-fields';
import { notifications } from '@mantine/notifications';
import { type UnitDetail } from '@observatory/shared';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ConflictDialog } from '../../../../../components/ConflictDialog';
import { fieldErrors, FormError, showFieldErrors, unplacedError } from '../../../../../components/FormError';
import { useUnsavedChanges } from '../../../../../components/unsaved-changes';
import { MetricName } from '../../../../../components/MetricName';
import { PageState } from '../../../../../components/PageState';
import { UnitPicker } from '../../../../../components/pickers/UnitPicker';
import { PrefetchLink } from '../../../../../components/PrefetchLink';
import { paths } from '../../../../../config/paths';
import { useTitle } from '../../../../../lib/use-title';
import { conflictOf, useVersionedEdit } from '../../../../../lib/versions';
import { useConversion, useDeleteUnit, useUnitDetail, useUpdateUnit, type ConversionAsked } from './api';
import { confirmDelete } from '../../../../../components/confirm';

const describedBy = (unit: UnitDetail['unit']): UnitDescription => ({ name: unit.name, printSymbol: unit.printSymbol, property: unit.property });

/** An added unit's name, symbol and property; deleted when no metric is measured in it. */
function UnitForm({ detail }: { detail: UnitDetail }) {
  const navigate = useNavigate();
  const { unit, metrics } = detail;
  const update = useUpdateUnit(unit.code);
  const remove = useDeleteUnit(unit.code);
  const form = useForm({ initialValues: describedBy(unit), validate: unitDescriptionRules });
  const stored = { version: unit.version, values: describedBy(unit) };
  const edit = useVersionedEdit(form, stored);
  useUnsavedChanges(form.isDirty(), 'this unit');
  const deletable = metrics.length === 0;
  const askToDelete = () =>
    confirmDelete({
      title: `Delete the unit ${unit.code}?`,
      message: 'No metric is measured in it. It can be added again later.',
      onConfirm: () =>
        remove.mutate(unit.version, {
          onSuccess: () => {
            notifications.show({ color: 'green', message: `Unit ${unit.code} deleted` });
            void navigate(paths.adminUnits);
          },
        }),
    });
  const submit = (v: UnitDescription, conditional = edit.conditional) =>
    update.mutate(
      { name: v.name.trim(), printSymbol: v.printSymbol.trim(), property: v.property.trim(), conditional },
      {
        onSuccess: (saved) => {
          notifications.show({ color: 'green', message: 'Unit saved' });
          // What the server kept (an empty name is UCUM's again) is the form's new start.
          const kept = describedBy(saved);
          form.setValues(kept);
          form.resetDirty(kept);
          edit.saved({ version: saved.version, values: kept });
        },
        onError: (e) => {
          if (!edit.refused(e, v)) showFieldErrors(form, fieldErrors(e));
        },
      },
    );
  return (
    <form noValidate aria-label="Unit" onSubmit={form.onSubmit((v) => submit(v))}>
      <Stack gap="sm" maw={480}>
        <FormError error={unplacedError(conflictOf(update.error) ? null : update.error, ['name', 'printSymbol', 'property']) ?? remove.error} />
        <UnitDescriptionFields form={form} />
        <Group justify="space-between">
          <Button type="submit" loading={update.isPending} disabled={!form.isDirty()}>
            Save
          </Button>
          <Button variant="subtle" color="danger" onClick={askToDelete} disabled={!deletable} loading={remove.isPending}>
            Delete unit
          </Button>
        </Group>
        {!deletable ? (
          <Text size="sm" c="dimmed">
            {metrics.length === 1 ? 'A metric is' : `${metrics.length} metrics are`} measured in it: give {metrics.length === 1 ? 'it' : 'them'} another unit
            before deleting it.
          </Text>
        ) : null}
      </Stack>
      <ConflictDialog
        edit={edit}
        server={stored}
        fields={UNIT_FIELDS}
        what={`the unit ${unit.code}`}
        overwriting={update.isPending}
        onOverwrite={({ values, conditional }) => submit(values, conditional)}
      />
    </form>
  );
}

/** What UCUM says a built-in unit is: shown, not changed. */
function BuiltinFacts({ detail }: { detail: UnitDetail }) {
  const { unit } = detail;
  return (
    <Stack gap="sm">
      <Table variant="vertical" withTableBorder maw={480} aria-label="Unit">
        <Table.Tbody>
          <Table.Tr>
            <Table.Th w={140}>Name</Table.Th>
            <Table.Td>{unit.name}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>Print symbol</Table.Th>
            <Table.Td>{unit.printSymbol}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>Property</Table.Th>
            <Table.Td>{unit.property || '—'}</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <Text size="sm" c="dimmed" maw={560}>
        This unit is one of UCUM’s own: its name, symbol and property are UCUM’s, and the table is restored at every start, so it is neither changed nor deleted
        here.
      </Text>
    </Stack>
  );
}

/** "20 Cel is 68 [degF]": from this unit (or another) to any unit measuring the same thing. */
function Converter({ code }: { code: string }) {
  const [value, setValue] = useState<number | string>(1);
  const [from, setFrom] = useState<string | null>(code);
  const [to, setTo] = useState<string | null>(null);
  const [asked, setAsked] = useState<ConversionAsked | null>(null);
  const conversion = useConversion(asked);
  const ready = typeof value === 'number' && Number.isFinite(value) && !!from && !!to;
  return (
    <form
      noValidate
      aria-label="Convert"
      onSubmit={(e) => {
        e.preventDefault();
        if (ready) setAsked({ value, from, to });
      }}
    >
      <Stack gap="sm">
        <Group align="flex-end" gap="sm">
          <NumberInput label="Value" value={value} onChange={setValue} w={{ base: '100%', xs: 140 }} />
          <UnitPicker label="From" value={from} onChange={setFrom} w={{ base: '100%', xs: 220 }} />
          <UnitPicker label="To" placeholder="Search units" value={to} onChange={setTo} w={{ base: '100%', xs: 220 }} />
          <Button type="submit" variant="default" disabled={!ready} loading={conversion.isFetching}>
            Convert
          </Button>
        </Group>
        <div aria-live="polite">
          {conversion.error ? <FormError error={conversion.error} /> : null}
          {conversion.data ? (
            <Text role="status">
              {conversion.data.value} <code>{conversion.data.from}</code> = <strong>{conversion.data.result}</strong> <code>{conversion.data.to}</code>
            </Text>
          ) : null}
        </div>
      </Stack>
    </form>
  );
}

/** A unit: what it is, the metrics measured in it, a converter; an added one is changed or deleted here. */
export default function UnitAdminPage() {
  const { code = '' } = useParams();
  const unit = useUnitDetail(code);
  useTitle(`${code} · Units · Site Admin`);
  if (!unit.data) return <PageState isPending={unit.isPending} error={unit.error} />;
  const { unit: u, metrics } = unit.data;
  return (
    <Stack gap="xl">
      <Stack gap={4}>
        <Anchor component={PrefetchLink} to={paths.adminUnits} size="sm">
          <Group gap={4} component="span">
            <IconArrowLeft size={14} aria-hidden /> Units
          </Group>
        </Anchor>
        <Group gap="sm" align="center">
          <Title order={1} ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            {u.code}
          </Title>
          {u.builtin ? (
            <Badge variant="light" color="gray">
              Built in
            </Badge>
          ) : (
            <Badge variant="light">Added</Badge>
          )}
        </Group>
        <Text c="dimmed">
          {u.name}
          {u.property ? ` · ${u.property}` : ''}
        </Text>
      </Stack>
      {u.builtin ? <BuiltinFacts detail={unit.data} /> : <UnitForm key={u.code} detail={unit.data} />}
      <Stack gap="xs" component="section" aria-labelledby="unit-metrics">
        <Title order={2} id="unit-metrics" size="h3">
          Metrics measured in it
        </Title>
        {metrics.length === 0 ? (
          <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            No metric is measured in {u.code}.
          </Text>
        ) : (
          <List aria-labelledby="unit-metrics">
            {metrics.map((m) => (
              <List.Item key={m.name}>
                <MetricName name={m.name} to={paths.adminMetric(m.name)} />
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
      <Stack gap="xs" component="section" aria-labelledby="unit-convert">
        <Title order={2} id="unit-convert" size="h3">
          Convert
        </Title>
        <Converter code={u.code} />
      </Stack>
    </Stack>
  );
}
