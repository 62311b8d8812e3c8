/** Photo searches: every search (of all photos, of a person's) and the viewer's one photo, whoever asked, under one root. */
export const photoKeys = {
  all: ['photo-search'] as const,
  search: (login: string | null, path: string, query: string) => ['photo-search', login, path, query] as const,
  detail: (id: string) => ['photo-search', 'one', id] as const,
  /** An object photo as its object's photo pages list it (with its version): read for each edit of its caption. */
  listed: (objectName: string, id: string) => ['listed-photo', objectName, id] as const,
};
