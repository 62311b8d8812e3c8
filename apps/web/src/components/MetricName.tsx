import { Anchor, Text } from '@mantine/core';
import { useMetric } from '../lib/metrics';
import { PrefetchLink } from './PrefetchLink';

/**
 * A metric referred to by name, shown as its title and unit ("Soil pH ([pH])"); a link
 * when `to` is given. While it loads, its name; when it could not be loaded, the error
 * entry in its place, in red, so the rest of the screen still shows.
 */
export function MetricName({ name, to }: { name: string; to?: string }) {
  const entry = useMetric(name);
  if (!entry) {
    return (
      <Text component="span" c="dimmed" aria-busy>
        {name}
      </Text>
    );
  }
  if (entry.error !== undefined) {
    return (
      <Text component="span" c="danger" role="alert">
        Metric “{name}” could not be loaded: {entry.error}
      </Text>
    );
  }
  const { title, unit } = entry.metric;
  const label = title || name;
  return (
    <span>
      {to ? (
        <Anchor component={PrefetchLink} to={to} fz="inherit">
          {label}
        </Anchor>
      ) : (
        label
      )}
      {unit ? (
        <Text component="span" c="dimmed" fz="inherit">
          {' '}
          ({unit})
        </Text>
      ) : null}
    </span>
  );
}
