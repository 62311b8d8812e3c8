import { Button, Group, NumberInput, Select, SimpleGrid, Stack, TagsInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { lengthLimit, METRIC_TYPES, MetricInputSchema, type Metric, type MetricInput, type MetricType } from '@observatory/shared';
import { useState, type ReactNode } from 'react';
import { ConflictDialog, type ComparedField } from '../../../../../components/ConflictDialog';
import { fieldErrors, FormError, showFieldErrors, unplacedError } from '../../../../../components/FormError';
import { useUnsavedChanges } from '../../../../../components/unsaved-changes';
import { LimitedTextarea, LimitedTextInput } from '../../../../../components/LimitedInput';
import { UnitPicker } from '../../../../../components/pickers/UnitPicker';
import type { Conditional } from '../../../../../lib/api-client';
import { lengthProblem } from '../../../../../lib/form-rules';
import { slugFromTitle } from '../../../../../lib/slug';
import { conflictOf, useVersionedEdit } from '../../../../../lib/versions';
import { check } from '../../../../../lib/validate';
import { ruleOf, RulesField, ruleValues, type RuleValues } from './RulesField';

export const METRIC_TYPE_LABELS: Record<MetricType, string> = {
  number: 'Number',
  integer: 'Whole number',
  boolean: 'Yes or no',
  text: 'Text',
  date: 'Date',
  category: 'Category (one of a list)',
};

export interface MetricFormValues {
  name: string;
  title: string;
  description: string;
  type: MetricType;
  unit: string | null;
  allowed: string[];
  /** A NumberInput's value: '' when empty. */
  min: number | string;
  max: number | string;
  /** Numbers and integers only (RulesField). */
  rules: RuleValues[];
}

const FIELDS = ['name', 'title', 'description', 'type', 'unit', 'allowed', 'min', 'max', 'rules'];
/** The server's most characters of the text fields. */
const MAX = {
  name: lengthLimit(MetricInputSchema.shape.name),
  title: lengthLimit(MetricInputSchema.shape.title),
  description: lengthLimit(MetricInputSchema.shape.description),
} as const;

const listed = (v: unknown) => (v as string[]).join(', ') || '(none)';

/** What the conflict dialog compares of a metric: the form's fields. */
const METRIC_FIELDS: ComparedField<MetricFormValues>[] = [
  { key: 'title', label: 'Title' },
  { key: 'name', label: 'Name' },
  { key: 'description', label: 'Description' },
  { key: 'type', label: 'Type', show: (v) => METRIC_TYPE_LABELS[v as MetricType] },
  { key: 'unit', label: 'Unit' },
  { key: 'allowed', label: 'Allowed values', show: listed },
  { key: 'min', label: 'Minimum' },
  { key: 'max', label: 'Maximum' },
];

const numeric = (type: MetricType) => type === 'number' || type === 'integer';
const limit = (v: number | string) => (v === '' || v === null ? null : Number(v));

export const metricFormValues = (metric?: Metric): MetricFormValues => ({
  name: metric?.name ?? '',
  title: metric?.title ?? '',
  description: metric?.description ?? '',
  type: metric?.type ?? 'number',
  unit: metric?.unit ?? null,
  allowed: metric?.allowed ?? [],
  min: metric?.min ?? '',
  max: metric?.max ?? '',
  rules: (metric?.rules ?? []).map(ruleValues),
});

/** What is sent: limits only for numbers, allowed values only for a category (the fields shown). */
export function toMetricInput(v: MetricFormValues): MetricInput {
  return {
    name: v.name.trim(),
    title: v.title.trim(),
    description: v.description.trim(),
    type: v.type,
    unit: v.unit || null,
    allowed: v.type === 'category' ? v.allowed.map((a) => a.trim()).filter(Boolean) : [],
    min: numeric(v.type) ? limit(v.min) : null,
    max: numeric(v.type) ? limit(v.max) : null,
    rules: numeric(v.type) ? v.rules.map(ruleOf) : [],
  };
}

/**
 * The server's own checks (the shared MetricInputSchema: the key's form, min ≤ max, a
 * category's values), before sending; each problem beside its field.
 */
export function checkMetric(v: MetricFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of ['name', 'title', 'description'] as const) {
    const problem = lengthProblem(v[field], MAX[field]);
    if (problem) errors[field] = problem;
  }
  if (!v.name.trim()) errors.name = 'Give a name: the metric’s key';
  if (!v.title.trim()) errors.title = 'Give a title';
  const parsed = check(MetricInputSchema, toMetricInput(v));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      // A rule's problem goes beside its field (rules.<i>.<field>).
      const field = issue.path[0] === 'rules' && issue.path.length > 2 ? issue.path.join('.') : String(issue.path[0] ?? '');
      if (FIELDS.includes(field.split('.')[0]!)) errors[field] ??= issue.message;
    }
  }
  return errors;
}

/**
 * A metric's fields: the same form creates and edits. `save` sends (an edit with the
 * version it is based on, as If-Match); a refusal's field problems go beside their fields
 * (the first one focused), a metric changed meanwhile (412) opens the conflict dialog,
 * anything else shows above the form.
 */
export function MetricForm({
  metric,
  save,
  error,
  pending,
  submitLabel,
  label,
  extra,
}: {
  metric?: Metric;
  /** Resolves with the saved metric (an edit's new version). */
  save: (input: MetricInput, conditional: Conditional) => Promise<Metric | void>;
  error: unknown;
  pending: boolean;
  submitLabel: string;
  label: string;
  /** Beside the submit button (a delete, a cancel). */
  extra?: ReactNode;
}) {
  const form = useForm<MetricFormValues>({ initialValues: metricFormValues(metric), validate: checkMetric });
  const stored = metric ? { version: metric.version, values: metricFormValues(metric) } : undefined;
  const edit = useVersionedEdit(form, stored);
  // While a save runs, its own navigation (to a new name, a new metric) goes through.
  useUnsavedChanges(form.isDirty() && !pending, metric ? 'this metric' : 'the new metric');
  // A new metric's name follows its title until the name is typed in.
  const [nameTyped, setNameTyped] = useState(!!metric);
  const type = form.values.type;
  const submit = (v: MetricFormValues, conditional = edit.conditional) =>
    save(toMetricInput(v), conditional).then(
      (saved) => {
        form.resetDirty(v);
        if (saved) edit.saved({ version: saved.version, values: v });
      },
      (e: unknown) => {
        if (!edit.refused(e, v)) showFieldErrors(form, fieldErrors(e));
      },
    );
  return (
    <form
      noValidate
      aria-label={label}
      onSubmit={form.onSubmit(
        (v) => submit(v),
        // Refused before sending: the first problem is focused too (on a phone it may be a screen up).
        (errors) => showFieldErrors(form, errors as Record<string, string>),
      )}
    >
      <Stack gap="sm">
        <FormError error={unplacedError(conflictOf(error) ? null : error, FIELDS)} />
        <LimitedTextInput
          label="Title"
          required
          data-autofocus
          limit={MAX.title}
          {...form.getInputProps('title')}
          onChange={(e) => {
            form.setFieldValue('title', e.currentTarget.value);
            if (!nameTyped) form.setFieldValue('name', slugFromTitle(e.currentTarget.value));
          }}
        />
        <LimitedTextInput
          label="Name"
          required
          description={
            metric
              ? 'Its key in addresses and imports: changing it changes them'
              : 'Its key in addresses and imports: lower-case letters and digits, joined by - or _'
          }
          autoComplete="off"
          spellCheck={false}
          limit={MAX.name}
          {...form.getInputProps('name')}
          onChange={(e) => {
            setNameTyped(true);
            form.setFieldValue('name', e.currentTarget.value);
          }}
        />
        <LimitedTextarea label="Description" autosize minRows={2} limit={MAX.description} {...form.getInputProps('description')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label="Type"
            description="What its values are"
            required
            allowDeselect={false}
            data={METRIC_TYPES.map((t) => ({ value: t, label: METRIC_TYPE_LABELS[t] }))}
            {...form.getInputProps('type')}
          />
          <UnitPicker
            label="Unit"
            description="A UCUM unit; none for a count or a category"
            placeholder="Search units"
            clearable
            {...form.getInputProps('unit')}
          />
        </SimpleGrid>
        {type === 'category' ? (
          <TagsInput
            label="Allowed values"
            required
            description="Type a value and press Enter; the values a measurement may take"
            splitChars={[',']}
            clearable
            {...form.getInputProps('allowed')}
          />
        ) : null}
        {numeric(type) ? (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <NumberInput label="Minimum" description="Lowest value accepted; empty for none" allowDecimal={type === 'number'} {...form.getInputProps('min')} />
            <NumberInput label="Maximum" description="Highest value accepted; empty for none" allowDecimal={type === 'number'} {...form.getInputProps('max')} />
          </SimpleGrid>
        ) : null}
        {numeric(type) ? <RulesField form={form} /> : null}
        <Group justify="space-between" mt="xs">
          <Button type="submit" loading={pending} disabled={!!metric && !form.isDirty()}>
            {submitLabel}
          </Button>
          {extra}
        </Group>
      </Stack>
      <ConflictDialog
        edit={edit}
        server={stored}
        fields={METRIC_FIELDS}
        what={`the metric ${metric?.title ?? ''}`}
        overwriting={pending}
        onOverwrite={({ values, conditional }) => void submit(values, conditional)}
      />
    </form>
  );
}
