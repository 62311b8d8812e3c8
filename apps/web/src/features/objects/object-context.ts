import { createContext, useContext, useSyncExternalStore } from 'react';
import { queryClient } from '../../lib/query-client';
import { addNote, changeNote, changePhoto, deleteNote, deletePhoto, fetchChildren, fetchNotes, fetchPhotos, objectQuery, objectTypesQuery, uploadPhoto } from './api';
import { createObjectStore, type ObjectState, type ObjectStore } from './object-store';

/**
 * A store on the real API. The object and its types go through the query cache, shared
 * with the edit page; the object is always asked for afresh (its permissions change with
 * the session).
 */
export const createLiveObjectStore = () =>
  createObjectStore({
    fetchObject: (name) => queryClient.fetchQuery({ ...objectQuery(name), staleTime: 0 }),
    fetchObjectTypes: () => queryClient.fetchQuery(objectTypesQuery()),
    fetchChildren,
    fetchNotes,
    addNote,
    changeNote,
    deleteNote,
    fetchPhotos,
    uploadPhoto,
    changePhoto,
    deletePhoto,
  });

export const ObjectStoreContext = createContext<ObjectStore | null>(null);

/** The object page's store (given by ObjectLayout) and its current state. */
export function useObjectPage(): { store: ObjectStore; state: ObjectState } {
  const store = useContext(ObjectStoreContext);
  if (!store) throw new Error('useObjectPage needs ObjectLayout around it');
  const state = useSyncExternalStore(store.subscribe, store.getState);
  return { store, state };
}
