import { ActionIcon, Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconX } from '@tabler/icons-react';
import { useId, useState, type ReactNode } from 'react';
import { appendOnce, moveBy, removeAt } from './ordered';

export interface Choice {
  value: string;
  /** Plain words: the option's text and the buttons' names. */
  label: string;
}

/**
 * An ordered choice from a list (a type's metrics, its schemas): the chosen in order, each
 * moved up or down or removed by buttons, and a picker with an Add button below. Every
 * control is a labelled button or input, so it works by keyboard and reads well.
 */
export function OrderedChoice({
  title,
  noun,
  description,
  value,
  options,
  onChange,
  render,
  error,
  path,
  loading,
}: {
  title: string;
  /** "metric": the picker's and buttons' words. */
  noun: string;
  description?: ReactNode;
  value: string[];
  options: Choice[];
  onChange: (value: string[]) => void;
  /** How a chosen item shows; its label when not given. */
  render?: (value: string) => ReactNode;
  error?: ReactNode;
  /** The form path a server refusal names (focus goes to the picker). */
  path: string;
  loading?: boolean;
}) {
  const id = useId();
  const [picked, setPicked] = useState<string | null>(null);
  const labelOf = (v: string) => options.find((o) => o.value === v)?.label ?? v;
  const left = options.filter((o) => !value.includes(o.value));
  const add = () => {
    if (!picked) return;
    onChange(appendOnce(value, picked));
    setPicked(null);
  };
  return (
    <Stack gap="xs" role="group" aria-labelledby={`${id}-title`}>
      <Title order={2} size="h4" id={`${id}-title`}>
        {title}
      </Title>
      {description ? (
        <Text size="sm" c="dimmed">
          {description}
        </Text>
      ) : null}
      {value.length === 0 ? (
        <Text size="sm" c="dimmed">
          None yet.
        </Text>
      ) : (
        <Stack component="ol" gap={4} p={0} m={0} style={{ listStyle: 'none' }} aria-label={title}>
          {value.map((v, index) => {
            const label = labelOf(v);
            return (
              <Paper component="li" key={v} withBorder px="sm" py={6}>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                    <Text size="sm" c="dimmed" w={22} aria-hidden>
                      {index + 1}.
                    </Text>
                    <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                      {render ? render(v) : label}
                    </Text>
                  </Group>
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={`Move ${label} up`}
                      disabled={index === 0}
                      onClick={() => onChange(moveBy(value, index, -1))}
                    >
                      <IconArrowUp size={16} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={`Move ${label} down`}
                      disabled={index === value.length - 1}
                      onClick={() => onChange(moveBy(value, index, 1))}
                    >
                      <IconArrowDown size={16} aria-hidden />
                    </ActionIcon>
                    <ActionIcon variant="subtle" color="danger" aria-label={`Remove ${label}`} onClick={() => onChange(removeAt(value, index))}>
                      <IconX size={16} aria-hidden />
                    </ActionIcon>
                  </Group>
                </Group>
              </Paper>
            );
          })}
        </Stack>
      )}
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <Select
          label={`Add a ${noun}`}
          placeholder={loading ? 'Loading…' : left.length ? `Choose a ${noun}` : `Every ${noun} is chosen`}
          searchable
          clearable
          data={left}
          value={picked}
          onChange={setPicked}
          nothingFoundMessage={`No ${noun} matches`}
          error={error}
          data-path={path}
          style={{ flex: 1, minWidth: 0 }}
          maw={420}
        />
        <Button variant="default" onClick={add} disabled={!picked}>
          Add
        </Button>
      </Group>
    </Stack>
  );
}
