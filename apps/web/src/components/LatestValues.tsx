import { Group, List, Loader, Stack, Text } from '@mantine/core';
import type { QualityFlag } from '@observatory/shared';
import { useObjectLatest, valueText } from '../lib/latest-values';
import { errorText } from '../lib/errors';

/**
 * A flag's colour: what nobody should take on trust stands out, unchecked values are plain.
 * Dark enough on white for small text (WCAG AA), light enough on the dark scheme.
 */
const FLAG_COLOUR: Record<QualityFlag, string> = {
  good: 'light-dark(#087f5b, #63e6be)',
  'not checked': 'dimmed',
  suspect: 'light-dark(#8a5a00, #ffd43b)',
  bad: 'light-dark(#a93400, #ffa94d)',
  missing: 'dimmed',
};

const shortTime = (iso: string) => new Date(iso).toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * An object's latest value of each metric it is measured by, with its quality flag and
 * time: nothing at all when it has none (most objects), so the page and the popup keep
 * their shape.
 */
export function LatestValues({ object, size = 'md' }: { object: string; size?: 'sm' | 'md' }) {
  const latest = useObjectLatest(object);
  if (latest.isPending) return <Loader size="xs" role="status" aria-label="Loading the latest values" />;
  if (latest.isError) return <Text c="danger" size={size} role="alert">{`The latest values could not be loaded: ${errorText(latest.error)}`}</Text>;
  const { values, total } = latest.data;
  if (values.length === 0) return null;
  return (
    <Stack gap={4}>
      <List listStyleType="none" spacing={4} size={size} aria-label="Latest values">
        {values.map((v) => (
          <List.Item key={v.datastream}>
            <Group component="span" gap={6} wrap="wrap" align="baseline">
              <Text span size={size} fw={500}>
                {v.metric.title || v.metric.name}
              </Text>
              <Text span size={size}>
                {valueText(v)}
              </Text>
              <Text span size="xs" c={FLAG_COLOUR[v.flag]} data-flag={v.flag}>
                {v.flag}
              </Text>
              <Text span size="xs" c="dimmed" component="time" dateTime={v.time}>
                {shortTime(v.time)}
              </Text>
            </Group>
          </List.Item>
        ))}
      </List>
      {total > values.length ? (
        <Text size="xs" c="dimmed">
          {`and ${total - values.length} more series`}
        </Text>
      ) : null}
    </Stack>
  );
}
