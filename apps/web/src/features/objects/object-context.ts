import type { ObjectType } from '@observatory/shared';
import { createContext, useContext } from 'react';
import type { ObjectDetail, ObjectListItem } from './api';

/** What an object's tabs share (given by ObjectLayout, from the object page's queries). */
export interface ObjectPageValue {
  /** The object's key in the address (its name or id). */
  name: string;
  detail: ObjectDetail;
  /** The object's types by slug, as loaded (a missing one is not here). */
  types: Record<string, ObjectType>;
  /** The types have answered: photos, notes and children may load. */
  ready: boolean;
  children: { items: ObjectListItem[]; busy: boolean; error: string | null };
  /** The page of photos shown, kept while the tabs change. */
  photoPage: number;
  showPhotoPage: (page: number) => void;
}

export const ObjectPageContext = createContext<ObjectPageValue | null>(null);

/** The object page's shared state (ObjectLayout gives it). */
export function useObjectPageValue(): ObjectPageValue {
  const value = useContext(ObjectPageContext);
  if (!value) throw new Error('useObjectPageValue needs ObjectLayout around it');
  return value;
}
