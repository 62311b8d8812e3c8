import type { Announcements, UniqueIdentifier } from '@dnd-kit/core';

/**
 * What a screen reader hears while a row of a sortable list moves: its name and its
 * position, where dnd-kit by itself reads out ids.
 */
export function sortableAnnouncements(rows: { id: string; name: string }[]): Announcements {
  const nameOf = (id: UniqueIdentifier) => rows.find((r) => r.id === id)?.name ?? 'The row';
  const positionOf = (id: UniqueIdentifier) => `position ${rows.findIndex((r) => r.id === id) + 1} of ${rows.length}`;
  return {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}, in ${positionOf(active.id)}.`,
    onDragOver: ({ active, over }) => (over ? `${nameOf(active.id)} is over ${positionOf(over.id)}.` : `${nameOf(active.id)} is over no position.`),
    onDragEnd: ({ active, over }) => (over ? `${nameOf(active.id)} dropped in ${positionOf(over.id)}.` : `${nameOf(active.id)} dropped where it was.`),
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled; it stays in ${positionOf(active.id)}.`,
  };
}
