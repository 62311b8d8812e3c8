import { Anchor, Badge, Group, Loader, Stack, Text } from '@mantine/core';
import type { Publication } from '@observatory/shared';
import { Fragment, type ReactNode } from 'react';
import { paths } from '../config/paths';
import { doiUrl, PUBLICATION_TYPE_LABELS, shortAuthors, volumeIssuePages } from '../lib/publications';
import { PrefetchLink } from './PrefetchLink';

/** Long titles, DOIs and addresses wrap rather than widen a phone's page. */
export const WRAP = { wordBreak: 'break-word', overflowWrap: 'anywhere' } as const;

/** A sentence's end: a full stop unless it already ends with one (or a ? or !). */
const stop = (text: string) => (/[.?!]$/.test(text.trim()) ? '' : '.');

/** The authors of a line: the first few (confirmed ones linked to their page), then "et al.". */
function Authors({ authors }: { authors: Publication['authors'] }) {
  const { authors: shown, more } = shortAuthors(authors);
  if (!shown.length) return null;
  return (
    <>
      {shown.map((a, i) => (
        <Fragment key={i}>
          {i > 0 ? '; ' : null}
          {a.person && a.confirmed ? (
            <Anchor component={PrefetchLink} to={paths.person(a.person.slug)} inherit>
              {a.name}
            </Anchor>
          ) : (
            a.name
          )}
        </Fragment>
      ))}
      {more ? ' et al.' : null}{' '}
    </>
  );
}

/**
 * A publication as a one-line citation: its first authors ("et al." after them), year,
 * title (a link to its page), venue, volume, issue and pages, its type and its DOI.
 */
export function PublicationLine({ publication: p }: { publication: Publication }) {
  const vip = volumeIssuePages(p);
  return (
    <Text component="div" size="sm" style={WRAP}>
      <Authors authors={p.authors} />
      {p.year !== null ? `(${p.year}). ` : p.authors.length ? '(n.d.). ' : null}
      <Anchor component={PrefetchLink} to={paths.pub(p.slug)} inherit fw={600}>
        {p.title}
      </Anchor>
      {stop(p.title)}
      {p.venue ? (
        <>
          {' '}
          <em>{p.venue}</em>
          {vip ? `, ${vip}` : null}
          {stop(vip || p.venue)}
        </>
      ) : vip ? (
        ` ${vip}.`
      ) : null}{' '}
      <Badge size="xs" variant="light" style={{ verticalAlign: 'middle' }}>
        {PUBLICATION_TYPE_LABELS[p.type] ?? p.type}
      </Badge>
      {p.doi ? (
        <>
          {' '}
          <Anchor href={doiUrl(p.doi)} target="_blank" rel="noreferrer" inherit>
            doi:{p.doi}
          </Anchor>
        </>
      ) : null}
    </Text>
  );
}

export interface PublicationListProps {
  publications: Publication[];
  /** What to say when there are none. */
  empty: string;
  label?: string;
  /** Controls beside a publication (remove, confirm). */
  actions?: (publication: Publication) => ReactNode;
  /** A publication being changed: marked busy, with a spinner. */
  busy?: (publication: Publication) => boolean;
}

/** Publications as citation lines, in the order given; `empty` (dimmed) when there are none. */
export function PublicationList({ publications, empty, label = 'Publications', actions, busy }: PublicationListProps) {
  if (publications.length === 0) return <Text c="dimmed">{empty}</Text>;
  return (
    <Stack component="ul" gap="sm" aria-label={label} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {publications.map((p) => {
        const isBusy = busy?.(p) ?? false;
        return (
          <li key={p.id} aria-busy={isBusy || undefined} data-busy={isBusy || undefined} style={{ opacity: isBusy ? 0.6 : undefined }}>
            <Group gap="xs" wrap="wrap" align="flex-start" justify="space-between">
              <div style={{ minWidth: 0, flex: '1 1 16rem' }}>
                <PublicationLine publication={p} />
              </div>
              {isBusy ? <Loader size="xs" role="status" aria-label={`Working on ${p.title}`} /> : null}
              {actions ? actions(p) : null}
            </Group>
          </li>
        );
      })}
    </Stack>
  );
}
