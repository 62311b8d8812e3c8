/**
 * The people and institutions of an object (spec section 4): a link is saved (replacing
 * the one for the same person or institution, otherwise appended), moved to a new
 * position, or removed; positions stay 0..n-1, as the server keeps them.
 */
import type { GeoObject } from '@observatory/shared';
import { moveInOrder } from '../../../lib/ordering';

export type PersonLink = GeoObject['people'][number];
export type InstitutionLink = GeoObject['institutions'][number];
export type ObjectLink = PersonLink | InstitutionLink;

/** The person's or institution's id: what identifies a link. */
export const linkTargetId = (link: ObjectLink) => ('person' in link ? link.person.id : link.institution.id);

const inOrder = <T extends ObjectLink>(links: T[]) => [...links].sort((a, b) => a.position - b.position);
const renumber = <T extends ObjectLink>(links: T[]) => links.map((l, position) => ({ ...l, position }));

/** Replaces the link to the same person or institution in place, or appends a new one. */
export function saveLink<T extends ObjectLink>(links: T[], link: T): T[] {
  const ordered = inOrder(links);
  const index = ordered.findIndex((l) => linkTargetId(l) === linkTargetId(link));
  if (index === -1) return renumber([...ordered, link]);
  return renumber(ordered.map((l, i) => (i === index ? link : l)));
}

/** Moves the link to `position` (clamped) and renumbers the rest. */
export function reorderLink<T extends ObjectLink>(links: T[], targetId: string, position: number): T[] {
  const byId = new Map(links.map((l) => [linkTargetId(l), l]));
  const moved = moveInOrder(
    links.map((l) => ({ id: linkTargetId(l), position: l.position })),
    targetId,
    position,
  );
  return moved.map(({ id, position: newPosition }) => ({ ...byId.get(id)!, position: newPosition }));
}

/** Takes the link out and renumbers the rest. */
export function removeLink<T extends ObjectLink>(links: T[], targetId: string): T[] {
  return renumber(inOrder(links).filter((l) => linkTargetId(l) !== targetId));
}
