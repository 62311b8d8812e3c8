/**
 * A title as a URL key: "Soil chemistry" → soil-chemistry (lower-case letters, digits and
 * single dashes; accents dropped). A suggestion while the key is untouched: the server
 * has the last word.
 */
export const slugFromTitle = (title: string) =>
  title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
