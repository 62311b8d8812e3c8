import { Badge, Button, Group, Tabs, Title, type MantineSize } from '@mantine/core';
import type { ReactNode } from 'react';
import { PrefetchLink } from './PrefetchLink';

/** Who may see a project, an object or an insight. */
type Visibility = 'public' | 'signed-in' | 'members';

/** A detail page's title, with Edit beside it for those who may edit (`editTo`: the edit page, or null). */
export function TitleWithEdit({ title, editTo }: { title: string; editTo: string | null }) {
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap">
      {/* The title wraps, even within a long word, and the button keeps its label whole. */}
      <Title order={1} miw={0} style={{ overflowWrap: 'break-word' }}>
        {title}
      </Title>
      {editTo ? (
        <Button component={PrefetchLink} to={editTo} variant="default" flex="none">
          Edit
        </Button>
      ) : null}
    </Group>
  );
}

/** Who may see it, said only when not everyone may. */
export function VisibilityBadge({ visibility, size }: { visibility: Visibility; size?: MantineSize }) {
  if (visibility === 'public') return null;
  return (
    <Badge variant="default" size={size}>
      {visibility === 'members' ? 'Members only' : 'Signed-in users'}
    </Badge>
  );
}

/**
 * A page's tabs, each its own address: `value` is the tab the address names, choosing one
 * calls `onChange` (which goes to its address). Panels, when the page draws them here, follow.
 */
export function PageTabs({
  tabs,
  value,
  onChange,
  children,
}: {
  tabs: Record<string, string>;
  value: string;
  onChange: (tab: string) => void;
  children?: ReactNode;
}) {
  return (
    <Tabs value={value} onChange={(next) => next && onChange(next)}>
      <Tabs.List>
        {Object.entries(tabs).map(([tab, label]) => (
          <Tabs.Tab key={tab} value={tab}>
            {label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {children}
    </Tabs>
  );
}
