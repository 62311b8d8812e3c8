import type { Note, ObjectType, Photo } from '@observatory/shared';
import type { ApiResponse } from '../../lib/api-client';
import { objectLoadErrorText, toErrorView } from '../../lib/errors';
import type { ObjectDetail, ObjectListItem } from './api';

/** A note or photo with what is happening to it: busy while saved or deleted, the error of the last try. */
export type Tracked<T> = T & { busy: boolean; error: string | null };

export interface PagedList<T> {
  items: Tracked<T>[];
  /** The page loaded last (0: none yet). */
  page: number;
  total: number;
  perPage: number;
  busy: boolean;
  error: string | null;
}

export interface ObjectState {
  name: string | null;
  detail: ObjectDetail | null;
  loading: boolean;
  /** What the object's load failed with (an ApiError for the error screen). */
  loadError: unknown;
  /** The object's types by slug, as loaded (a failed one is missing). */
  types: Record<string, ObjectType>;
  children: { items: ObjectListItem[]; busy: boolean; error: string | null };
  notes: PagedList<Note>;
  photos: PagedList<Photo>;
  /** Writing a new note. */
  newNote: { busy: boolean; error: string | null };
  /** Uploading a photo: progress from 0 to 1. */
  upload: { busy: boolean; progress: number; error: string | null };
}

/** The server calls the store makes; the app passes the real ones (api.ts), tests fakes. */
export interface ObjectStoreDeps {
  fetchObject: (name: string) => Promise<ObjectDetail>;
  /** Every object type with its schema: one cached list, not a request per type. */
  fetchObjectTypes: () => Promise<ObjectType[]>;
  fetchChildren: (parentId: string) => Promise<ObjectListItem[]>;
  fetchNotes: (name: string, page: number) => Promise<ApiResponse<{ notes: Note[] }>>;
  addNote: (name: string, content: string) => Promise<Note>;
  changeNote: (name: string, id: string, content: string) => Promise<Note>;
  deleteNote: (name: string, id: string) => Promise<unknown>;
  fetchPhotos: (name: string, page: number) => Promise<ApiResponse<{ photos: Photo[] }>>;
  uploadPhoto: (name: string, file: File, onProgress?: (fraction: number) => void) => Promise<Photo>;
  changePhoto: (name: string, id: string, change: { caption: string | null }) => Promise<Photo>;
  deletePhoto: (name: string, id: string) => Promise<unknown>;
  /** Where a failed object-type load goes: it is only logged. */
  log?: (message: string, error: unknown) => void;
}

const emptyList = <T>(perPage: number): PagedList<T> => ({ items: [], page: 0, total: 0, perPage, busy: false, error: null });
export const NOTES_PER_PAGE = 20;
export const PHOTOS_PER_PAGE = 50;

export const initialObjectState: ObjectState = {
  name: null,
  detail: null,
  loading: false,
  loadError: null,
  types: {},
  children: { items: [], busy: false, error: null },
  notes: emptyList(NOTES_PER_PAGE),
  photos: emptyList(PHOTOS_PER_PAGE),
  newNote: { busy: false, error: null },
  upload: { busy: false, progress: 0, error: null },
};

const errorText = (error: unknown) => toErrorView(error).message || 'Something went wrong';
const track = <T>(item: T): Tracked<T> => ({ ...item, busy: false, error: null });

/**
 * One object page's state and the spec's object behaviours (section 4): loading an object
 * clears photos and children, loads its types (from the cached list of all), then photos, notes (from page 1)
 * and children in parallel; notes append page by page, a new one goes to the top and
 * counts, a deleted one stops counting; a note is busy while saved or deleted and gets
 * the error if that fails; adding a photo reloads page 1, removing one the current page.
 */
export function createObjectStore(deps: ObjectStoreDeps) {
  let state = initialObjectState;
  /** Bumped by each load: answers for an object no longer shown are dropped. */
  let generation = 0;
  const listeners = new Set<() => void>();
  const set = (next: Partial<ObjectState>) => {
    state = { ...state, ...next };
    listeners.forEach((l) => l());
  };
  const log = deps.log ?? ((message, error) => console.warn(message, error));
  const current = (gen: number) => gen === generation && state.name !== null;
  const mapNote = (id: string, change: (n: Tracked<Note>) => Tracked<Note> | null) =>
    set({ notes: { ...state.notes, items: state.notes.items.flatMap((n) => (n.id === id ? (change(n) ?? []) : [n])) } });
  const mapPhoto = (id: string, change: (p: Tracked<Photo>) => Tracked<Photo>) => set({ photos: { ...state.photos, items: state.photos.items.map((p) => (p.id === id ? change(p) : p)) } });

  /** The object's types, from the list of all types; one missing or a failed load is only logged. */
  async function loadTypes(slugs: string[], gen: number) {
    try {
      const all = await deps.fetchObjectTypes();
      const found = all.filter((t) => slugs.includes(t.slug));
      for (const slug of slugs.filter((s) => !found.some((t) => t.slug === s))) log(`The object type ${slug} is not among the object types`, null);
      if (current(gen)) set({ types: { ...state.types, ...Object.fromEntries(found.map((t) => [t.slug, t])) } });
    } catch (error) {
      log(`The object types could not be loaded`, error);
    }
  }

  async function loadChildren(parentId: string, gen: number) {
    set({ children: { ...state.children, busy: true, error: null } });
    try {
      const items = await deps.fetchChildren(parentId);
      if (current(gen)) set({ children: { items, busy: false, error: null } });
    } catch (error) {
      if (current(gen)) set({ children: { ...state.children, busy: false, error: errorText(error) } });
    }
  }

  async function loadNotes(page: number, gen = generation) {
    const name = state.name;
    if (!name) return;
    set({ notes: { ...state.notes, busy: true, error: null } });
    try {
      const { data, pagination } = await deps.fetchNotes(name, page);
      if (!current(gen)) return;
      // A note added since the last page shifts the pages: skip ones already shown.
      const kept = page === 1 ? [] : state.notes.items;
      const fresh = data.notes.filter((n) => !kept.some((k) => k.id === n.id)).map(track);
      set({
        notes: { items: [...kept, ...fresh], page, total: pagination?.count ?? kept.length + fresh.length, perPage: pagination?.limit || state.notes.perPage, busy: false, error: null },
      });
    } catch (error) {
      if (current(gen)) set({ notes: { ...state.notes, busy: false, error: errorText(error) } });
    }
  }

  async function loadPhotos(page: number, options: { force?: boolean } = {}, gen = generation) {
    const name = state.name;
    if (!name) return;
    if (!options.force && state.photos.page === page && !state.photos.error) return;
    set({ photos: { ...state.photos, busy: true, error: null } });
    try {
      const { data, pagination } = await deps.fetchPhotos(name, page);
      if (!current(gen)) return;
      set({ photos: { items: data.photos.map(track), page, total: pagination?.count ?? data.photos.length, perPage: pagination?.limit || state.photos.perPage, busy: false, error: null } });
    } catch (error) {
      if (current(gen)) set({ photos: { ...state.photos, busy: false, error: errorText(error) } });
    }
  }

  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },

    /** Opens an object: see the store's description for the order. */
    async load(name: string): Promise<void> {
      const gen = ++generation;
      set({
        name,
        loading: true,
        loadError: null,
        // Another object starts clean, including the new-note and upload forms' state.
        ...(state.name !== name ? { detail: null, types: {}, notes: emptyList(NOTES_PER_PAGE), newNote: { busy: false, error: null }, upload: { busy: false, progress: 0, error: null } } : {}),
        photos: emptyList(PHOTOS_PER_PAGE),
        children: { items: [], busy: false, error: null },
      });
      let detail: ObjectDetail;
      try {
        detail = await deps.fetchObject(name);
      } catch (error) {
        if (gen === generation) set({ loading: false, loadError: error });
        return;
      }
      if (gen !== generation) return;
      set({ detail, loading: false });
      await loadTypes(detail.obj.types.map((t) => t.slug), gen);
      if (gen !== generation) return;
      await Promise.all([loadPhotos(1, { force: true }, gen), loadNotes(1, gen), loadChildren(detail.obj.id, gen)]);
    },

    /** The object's load error as the spec words it (a 404 names the object). */
    loadErrorText: () => (state.loadError ? objectLoadErrorText(state.loadError) : null),

    // Notes

    loadMoreNotes: () => loadNotes(state.notes.page + 1),
    reloadNotes: () => loadNotes(1),

    /** Writes a new note; it goes to the top and counts. Answers whether it was saved. */
    async addNote(content: string): Promise<boolean> {
      const name = state.name;
      if (!name) return false;
      const gen = generation;
      set({ newNote: { busy: true, error: null } });
      try {
        const note = await deps.addNote(name, content);
        if (!current(gen)) return true;
        set({ newNote: { busy: false, error: null }, notes: { ...state.notes, items: [track(note), ...state.notes.items], total: state.notes.total + 1 } });
        return true;
      } catch (error) {
        if (current(gen)) set({ newNote: { busy: false, error: errorText(error) } });
        return false;
      }
    },

    /** Saves a note's new text: it is replaced by the server's answer, or keeps the error. */
    async saveNote(id: string, content: string): Promise<boolean> {
      const name = state.name;
      if (!name) return false;
      mapNote(id, (n) => ({ ...n, busy: true, error: null }));
      try {
        const saved = await deps.changeNote(name, id, content);
        mapNote(id, () => track(saved));
        return true;
      } catch (error) {
        mapNote(id, (n) => ({ ...n, busy: false, error: errorText(error) }));
        return false;
      }
    },

    /** Deletes a note: it leaves the list and the count, or keeps the error. */
    async deleteNote(id: string): Promise<boolean> {
      const name = state.name;
      if (!name) return false;
      const gen = generation;
      mapNote(id, (n) => ({ ...n, busy: true, error: null }));
      try {
        await deps.deleteNote(name, id);
        if (!current(gen)) return true;
        mapNote(id, () => null);
        set({ notes: { ...state.notes, total: Math.max(0, state.notes.total - 1) } });
        return true;
      } catch (error) {
        mapNote(id, (n) => ({ ...n, busy: false, error: errorText(error) }));
        return false;
      }
    },

    // Photos

    /** Shows a page of photos (skipped when it is the page shown, unless forced). */
    loadPhotos: (page: number, options: { force?: boolean } = {}) => loadPhotos(page, options),

    /** Uploads a photo, then shows page 1 again (forced), where the newest is. */
    async addPhoto(file: File): Promise<boolean> {
      const name = state.name;
      if (!name) return false;
      const gen = generation;
      set({ upload: { busy: true, progress: 0, error: null } });
      try {
        await deps.uploadPhoto(name, file, (progress) => current(gen) && set({ upload: { ...state.upload, progress } }));
        if (!current(gen)) return true;
        set({ upload: { busy: false, progress: 1, error: null } });
      } catch (error) {
        if (current(gen)) set({ upload: { busy: false, progress: 0, error: errorText(error) } });
        return false;
      }
      await loadPhotos(1, { force: true }, gen);
      return true;
    },

    /** Deletes a photo, then reloads the page shown (the one before when it was the last on it). */
    async removePhoto(id: string): Promise<boolean> {
      const name = state.name;
      if (!name) return false;
      const gen = generation;
      mapPhoto(id, (p) => ({ ...p, busy: true, error: null }));
      try {
        await deps.deletePhoto(name, id);
      } catch (error) {
        mapPhoto(id, (p) => ({ ...p, busy: false, error: errorText(error) }));
        return false;
      }
      if (!current(gen)) return true;
      const page = state.photos.page || 1;
      const wasLast = state.photos.items.length === 1 && page > 1;
      await loadPhotos(wasLast ? page - 1 : page, { force: true }, gen);
      return true;
    },

    /** Changes a photo's caption: it is replaced by the server's answer, or keeps the error. */
    async saveCaption(id: string, caption: string | null): Promise<boolean> {
      const name = state.name;
      if (!name) return false;
      mapPhoto(id, (p) => ({ ...p, busy: true, error: null }));
      try {
        const saved = await deps.changePhoto(name, id, { caption });
        mapPhoto(id, () => track(saved));
        return true;
      } catch (error) {
        mapPhoto(id, (p) => ({ ...p, busy: false, error: errorText(error) }));
        return false;
      }
    },

    /** The object changed elsewhere (e.g. its location set from a photo): show the new one. */
    setDetail: (detail: ObjectDetail) => set({ detail }),
  };
}
export type ObjectStore = ReturnType<typeof createObjectStore>;
