import { ActionIcon, Box, Group, NavLink, Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { pathsAbove } from '@observatory/shared';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import type { PageNode } from './tree';
import classes from './pages.module.css';

/**
 * The navigation tree of the documentation: every page a link, the current one marked;
 * a page holding others has a button that shows or hides them. The current page's
 * ancestors, and the current page itself, start expanded, and are expanded again when
 * another page is opened. `onNavigate` is told of a click on a link (the drawer closes).
 */
export function PageTree({ nodes, current, onNavigate }: { nodes: PageNode[]; current: string; onNavigate?: () => void }) {
  // The ids its buttons name their lists by: unique to this tree (the drawer's copy has its own).
  const idPrefix = useId();
  const [expanded, setExpanded] = useState(() => new Set([...pathsAbove(current), current]));
  // Another page opened: its branch opens too (what the reader closed elsewhere stays closed).
  const [shownFor, setShownFor] = useState(current);
  if (shownFor !== current) {
    setShownFor(current);
    setExpanded((open) => new Set([...open, ...pathsAbove(current), current]));
  }
  const toggle = (path: string) =>
    setExpanded((open) => {
      const next = new Set(open);
      if (!next.delete(path)) next.add(path);
      return next;
    });
  if (!nodes.length)
    return (
      <Text c="dimmed" size="sm">
        No pages yet.
      </Text>
    );
  return <Branch nodes={nodes} current={current} expanded={expanded} toggle={toggle} onNavigate={onNavigate} idPrefix={idPrefix} />;
}

interface BranchProps {
  nodes: PageNode[];
  current: string;
  expanded: ReadonlySet<string>;
  toggle: (path: string) => void;
  onNavigate: (() => void) | undefined;
  idPrefix: string;
  id?: string;
}

function Branch({ nodes, current, expanded, toggle, onNavigate, idPrefix, id }: BranchProps) {
  return (
    <ul className={classes.branch} id={id}>
      {nodes.map(({ page, children }) => {
        const open = expanded.has(page.path);
        const childrenId = `${idPrefix}-${page.id}`;
        return (
          <li key={page.id}>
            <Group gap={2} wrap="nowrap" align="center">
              {children.length ? (
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="sm"
                  aria-expanded={open}
                  aria-controls={open ? childrenId : undefined}
                  aria-label={`${open ? 'Hide' : 'Show'} the pages in ${page.title}`}
                  onClick={() => toggle(page.path)}
                >
                  {open ? <IconChevronDown size={14} aria-hidden /> : <IconChevronRight size={14} aria-hidden />}
                </ActionIcon>
              ) : (
                <Box w={22} style={{ flexShrink: 0 }} />
              )}
              <NavLink
                component={Link}
                to={paths.docPage(page.path)}
                label={page.title}
                active={page.path === current}
                aria-current={page.path === current ? 'page' : undefined}
                onClick={onNavigate}
                py={4}
                classNames={{ label: classes.label }}
              />
            </Group>
            {children.length && open ? (
              <Branch nodes={children} current={current} expanded={expanded} toggle={toggle} onNavigate={onNavigate} idPrefix={idPrefix} id={childrenId} />
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
