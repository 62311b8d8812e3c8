import { Checkbox, NumberInput, Select, Text, TextInput, VisuallyHidden } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { LimitedTextInput } from '../LimitedInput';
import type { MetadataField } from './metadata-form';

/** A unit shown inside a number's field, at its end (screen readers hear it with the label). */
export function unitBeside(unit: string | null | undefined) {
  if (!unit) return {};
  return {
    rightSection: (
      <Text size="sm" c="dimmed" aria-hidden>
        {unit}
      </Text>
    ),
    rightSectionWidth: Math.max(36, unit.length * 10 + 16),
    rightSectionPointerEvents: 'none' as const,
  };
}

function description(field: MetadataField, typeCount: number) {
  const from = typeCount > 1 ? `From ${field.types.join(' and ')}` : null;
  return [field.description, from].filter(Boolean).join('. ') || undefined;
}

/** One control by the field's JSON type, its limits and unit from the schema. */
function MetadataControl<V extends { metadata: Record<string, unknown> }>({
  field,
  form,
  typeCount,
}: {
  field: MetadataField;
  form: UseFormReturnType<V>;
  typeCount: number;
}) {
  const path = `metadata.${field.key}`;
  // The unit shows beside the value; screen readers hear it with the label.
  const label = field.unit ? (
    <>
      {field.label}
      <VisuallyHidden> in {field.unit}</VisuallyHidden>
    </>
  ) : (
    field.label
  );
  const common = { label, description: description(field, typeCount), required: field.required };
  switch (field.kind) {
    case 'boolean':
      return <Checkbox {...common} {...form.getInputProps(path, { type: 'checkbox' })} />;
    case 'select':
      return (
        <Select
          {...common}
          clearable
          data={field.options}
          {...form.getInputProps(path)}
          value={(form.getValues().metadata[field.key] as string) || null}
          onChange={(v) => form.setFieldValue(path, (v ?? '') as never)}
        />
      );
    case 'date':
      return <TextInput {...common} type="date" {...form.getInputProps(path)} />;
    case 'number':
    case 'integer':
      return (
        <NumberInput
          {...common}
          min={field.min ?? undefined}
          max={field.max ?? undefined}
          allowDecimal={field.kind === 'number'}
          clampBehavior="none"
          {...unitBeside(field.unit)}
          hideControls={!!field.unit}
          {...form.getInputProps(path)}
        />
      );
    default:
      return <LimitedTextInput {...common} limit={field.maxLength ?? undefined} {...form.getInputProps(path)} />;
  }
}

/** The metadata form generated from the schemas of the object's types. */
export function MetadataFields<V extends { metadata: Record<string, unknown> }>({
  fields,
  form,
  typeCount,
}: {
  fields: MetadataField[];
  form: UseFormReturnType<V>;
  typeCount: number;
}) {
  if (typeCount === 0) return <Text c="dimmed">Choose a type to fill in its fields.</Text>;
  if (fields.length === 0) return <Text c="dimmed">Its types have no fields to fill in.</Text>;
  return (
    <>
      {fields.map((field) => (
        <MetadataControl key={field.key} field={field} form={form} typeCount={typeCount} />
      ))}
    </>
  );
}
