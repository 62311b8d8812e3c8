import { ActionIcon, Button, Group, NumberInput, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { RULE_FLAGS, type PlausibilityRule } from '@observatory/shared';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { MetricFormValues } from './MetricForm';

/** A rule as the form holds it: every kind's numbers, '' when empty. */
export interface RuleValues {
  kind: PlausibilityRule['kind'];
  name: string;
  flag: (typeof RULE_FLAGS)[number];
  min: number | string;
  max: number | string;
  count: number | string;
  threshold: number | string;
}

const KINDS: { value: RuleValues['kind']; label: string; description: string }[] = [
  { value: 'range', label: 'Range', description: 'A value below the minimum or above the maximum' },
  { value: 'step', label: 'Step', description: 'A change from the value before larger than the step' },
  { value: 'flat', label: 'Flat line', description: 'This many equal values in a row (a stuck sensor)' },
  { value: 'spike', label: 'Spike', description: 'A value standing out of its neighbours by more than the threshold' },
];

const NEW_RULE: RuleValues = { kind: 'range', name: '', flag: 'suspect', min: '', max: '', count: '', threshold: '' };

export const ruleValues = (rule: PlausibilityRule): RuleValues => ({
  ...NEW_RULE,
  ...rule,
  min: rule.kind === 'range' ? (rule.min ?? '') : '',
  max: rule.kind === 'range' || rule.kind === 'step' ? (rule.max ?? '') : '',
});

const numberOr = <T,>(v: number | string, empty: T) => (v === '' ? empty : Number(v));

/** What is sent: a rule of its kind, with only its kind's numbers. */
export function ruleOf(v: RuleValues): PlausibilityRule {
  const base = { name: v.name.trim(), flag: v.flag };
  switch (v.kind) {
    case 'range':
      return { kind: 'range', ...base, min: numberOr(v.min, null), max: numberOr(v.max, null) };
    case 'step':
      return { kind: 'step', ...base, max: numberOr(v.max, Number.NaN) };
    case 'flat':
      return { kind: 'flat', ...base, count: numberOr(v.count, Number.NaN) };
    case 'spike':
      return { kind: 'spike', ...base, threshold: numberOr(v.threshold, Number.NaN) };
  }
}

/**
 * A numeric metric's plausibility rules: each checked on every write and import, setting
 * its flag (suspect or bad) on the values that break it. A rule's fields are
 * `rules.<i>.<field>` in the form, so the server's problems show beside them.
 */
export function RulesField({ form }: { form: UseFormReturnType<MetricFormValues> }) {
  const rules = form.values.rules;
  const path = (i: number, field: keyof RuleValues) => `rules.${i}.${field}`;
  return (
    <Stack gap="xs" role="group" aria-label="Plausibility rules">
      <Text size="sm" fw={500}>
        Plausibility rules
      </Text>
      <Text size="xs" c="dimmed">
        Checked on every write and import, and again from a data table: a value that breaks a rule is flagged suspect or bad, with the rule’s name.
      </Text>
      {rules.map((rule, i) => (
        <Paper key={i} withBorder p="xs">
          <Group gap="xs" align="flex-end" wrap="wrap">
            <Select
              label="Rule"
              allowDeselect={false}
              data={KINDS.map(({ value, label }) => ({ value, label }))}
              description={KINDS.find((k) => k.value === rule.kind)?.description}
              w={{ base: '100%', xs: 260 }}
              {...form.getInputProps(path(i, 'kind'))}
            />
            <TextInput label="Name" required w={{ base: '100%', xs: 180 }} {...form.getInputProps(path(i, 'name'))} />
            <Select
              label="Flag"
              allowDeselect={false}
              data={RULE_FLAGS.map((f) => ({ value: f, label: f }))}
              w={{ base: '100%', xs: 120 }}
              {...form.getInputProps(path(i, 'flag'))}
            />
            {rule.kind === 'range' ? (
              <>
                <NumberInput label="Minimum" w={{ base: '100%', xs: 120 }} {...form.getInputProps(path(i, 'min'))} />
                <NumberInput label="Maximum" w={{ base: '100%', xs: 120 }} {...form.getInputProps(path(i, 'max'))} />
              </>
            ) : null}
            {rule.kind === 'step' ? <NumberInput label="Largest step" min={0} w={{ base: '100%', xs: 140 }} {...form.getInputProps(path(i, 'max'))} /> : null}
            {rule.kind === 'flat' ? (
              <NumberInput label="Equal values" min={2} allowDecimal={false} w={{ base: '100%', xs: 140 }} {...form.getInputProps(path(i, 'count'))} />
            ) : null}
            {rule.kind === 'spike' ? (
              <NumberInput label="Threshold" min={0} w={{ base: '100%', xs: 140 }} {...form.getInputProps(path(i, 'threshold'))} />
            ) : null}
            <ActionIcon
              variant="subtle"
              color="danger"
              size="lg"
              aria-label={`Remove the rule ${rule.name || i + 1}`}
              onClick={() => form.removeListItem('rules', i)}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
        </Paper>
      ))}
      <Button
        variant="light"
        size="xs"
        w="fit-content"
        leftSection={<IconPlus size={14} aria-hidden />}
        onClick={() => form.insertListItem('rules', { ...NEW_RULE, name: `Rule ${rules.length + 1}` })}
      >
        Add a rule
      </Button>
    </Stack>
  );
}
