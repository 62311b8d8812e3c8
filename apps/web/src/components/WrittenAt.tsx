import { Text } from '@mantine/core';

/** How far apart when a note or comment says it was written and when it was stored may be before both are shown. */
const SHOWN_APART_MS = 10 * 60_000;

const dateTime = (iso: string) => new Date(iso).toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * When a note or comment was written and, when the server stored it much later (written
 * offline, say, and sent when back online), when it was added as well.
 */
export function WrittenAt({ timestamp, created }: { timestamp: string; created?: string | undefined }) {
  const apart = created !== undefined && Math.abs(Date.parse(created) - Date.parse(timestamp)) > SHOWN_APART_MS;
  return (
    <>
      <Text size="sm" c="dimmed" component="time" dateTime={timestamp}>
        {dateTime(timestamp)}
      </Text>
      {apart ? (
        <Text size="sm" c="dimmed" component="time" dateTime={created}>
          (added {dateTime(created)})
        </Text>
      ) : null}
    </>
  );
}
