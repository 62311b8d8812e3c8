import { Anchor, Badge, Group, Text } from '@mantine/core';
import type { Insight } from '@observatory/shared';
import { Fragment } from 'react';
import { PrefetchLink } from '../../components/PrefetchLink';
import { paths } from '../../config/paths';
import { insightSearchHref } from './insights-query';

export const dateOnly = (iso: string) => new Date(iso).toLocaleDateString('en', { dateStyle: 'medium' });
export const dateTime = (iso: string) => new Date(iso).toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short' });

export const VISIBILITY_LABELS = { public: 'Public', 'signed-in': 'Signed-in users', members: 'Members only' } as const;

export const commentCount = (n: number) => (n === 0 ? 'No comments' : n === 1 ? '1 comment' : `${n} comments`);

/** The author (a link to their profile), the team (a link to the insights of the team), the date. */
export function Byline({ insight, teamLink = 'search' }: { insight: Pick<Insight, 'author' | 'team' | 'createdAt'>; teamLink?: 'search' | 'team' }) {
  const parts = [
    insight.author ? (
      // Underlined: in the dimmed byline, colour alone would not tell the links from the text (WCAG 1.4.1).
      <Anchor component={PrefetchLink} to={paths.person(insight.author.slug)} inherit underline="always" key="author">
        {insight.author.name}
      </Anchor>
    ) : (
      <span key="author">Someone no longer here</span>
    ),
    insight.team ? (
      <Anchor
        component={PrefetchLink}
        to={teamLink === 'team' ? paths.team(insight.team.slug) : insightSearchHref({ t: insight.team.slug })}
        inherit
        underline="always"
        key="team"
      >
        {insight.team.name}
      </Anchor>
    ) : null,
    <time dateTime={insight.createdAt} key="date">
      {dateOnly(insight.createdAt)}
    </time>,
  ].filter(Boolean);
  return (
    <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 ? ' · ' : null}
          {part}
        </Fragment>
      ))}
    </Text>
  );
}

/** Tags as links to the insights with that tag. */
export function TagLinks({ tags, label = 'Tags' }: { tags: string[]; label?: string }) {
  if (!tags.length) return null;
  return (
    <Group gap={6} component="ul" aria-label={label} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {tags.map((tag) => (
        <li key={tag}>
          <Badge
            component={PrefetchLink}
            to={insightSearchHref({ tag })}
            variant="light"
            style={{ cursor: 'pointer', textTransform: 'none' }}
            aria-label={`Insights tagged ${tag}`}
          >
            {tag}
          </Badge>
        </li>
      ))}
    </Group>
  );
}

export function VisibilityBadge({ visibility }: { visibility: Insight['visibility'] }) {
  if (visibility === 'public') return null;
  return (
    <Badge variant="default" size="sm">
      {VISIBILITY_LABELS[visibility]}
    </Badge>
  );
}
