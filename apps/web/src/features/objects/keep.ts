import { OBJECT_TABS, paths } from '../../config/paths';
import { API_ROOT, hasGlobalPermission, type ProjectsResponse } from '@observatory/shared';
import { api, apiUrl } from '../../lib/api-client';
import { deviceUser } from '../../lib/device-user';
import { keep, type ImageToKeep, type Keep } from '../../lib/kept/store';
import { fetchProject, objectPath } from './api';
import { fetchObjectLatest, objectLatestParams } from '../../lib/latest-values';
import { loadMetric } from '../../lib/metrics';
import { readingTables } from './readings';
import { liveObjectApi } from './object-page';

/** A project's own address (its detail), not its lists. */
const PROJECT_DETAIL = new RegExp(`^${API_ROOT}/projects/[^/?]+$`);

export const objectKeepId = (id: string) => `object:${id}`;

/** The screens of an object's page (its tabs and its editor), whose code a keep of it loads. */
export const objectScreens = (name: string) => [...[undefined, ...OBJECT_TABS].map((tab) => paths.object(name, tab)), paths.objectEdit(name)];

/** What an object's page reads, by address: a keep of it claims these answers. */
export function objectPageClaims(obj: { id: string; name: string }): (url: string) => boolean {
  const own = apiUrl(objectPath(obj.name));
  const children = `${apiUrl('/data/obj', { parent: obj.id })}&`;
  const types = apiUrl('/data/objtypes');
  const latest = apiUrl('/latest-values', objectLatestParams(obj.name));
  return (url) =>
    url === own ||
    url.startsWith(`${own}/`) ||
    url.startsWith(`${own}?`) ||
    url.startsWith(children) ||
    url === types ||
    url === latest ||
    readingFormClaims(url);
}

/** What the Readings tab reads beside the object: its projects (their data tables) and the tables' metrics. */
const readingFormClaims = (url: string) => PROJECT_DETAIL.test(url) || url.startsWith(apiUrl('/data/metrics/'));

/** Reads each address once in one keep: a project's sites share their project and its metrics. */
export type ReadOnce = <T>(path: string, read: () => Promise<T>) => Promise<T>;
export function readOnce(): ReadOnce {
  const reads = new Map<string, Promise<unknown>>();
  return <T>(path: string, read: () => Promise<T>) => {
    if (!reads.has(path)) reads.set(path, read());
    return reads.get(path) as Promise<T>;
  };
}

/**
 * Reads what the Readings tab offers: the object's projects and, of those the user may edit,
 * their data tables' metrics. A project that cannot be read leaves its tables out, not the site.
 */
async function readReadingForms(projects: readonly { slug: string }[], once: ReadOnce): Promise<void> {
  const details = await Promise.all(projects.map((p) => once(`/projects/${p.slug}`, () => fetchProject(p.slug).catch(() => undefined))));
  const metrics = new Set(readingTables(details).flatMap((t) => t.table.metrics));
  await Promise.all([...metrics].map((name) => once(`/data/metrics/${name}`, () => loadMetric(name))));
}

/**
 * Reads an object's page as the page does (and its code): the object, the object types with their
 * schemas, its children, the first page of its notebook and of its photos, its latest values and
 * what its Readings tab offers. Answers the photos as their tiles show them (400 px), to keep with it.
 */
export async function readObjectPage(obj: { id: string; name: string }, once: ReadOnce = readOnce()): Promise<ImageToKeep[]> {
  const [, detail, , , , photos] = await Promise.all([
    loadObjectPageCode(),
    liveObjectApi.fetchObject(obj.name),
    liveObjectApi.fetchObjectTypes(),
    liveObjectApi.fetchChildren(obj.id),
    liveObjectApi.fetchNotes(obj.name, 1),
    liveObjectApi.fetchPhotos(obj.name, 1),
    fetchObjectLatest(obj.name),
  ]);
  await readReadingForms(detail.obj.projects, once);
  return photos.data.photos.map((p) => ({ id: p.image.id, url: p.image.url }));
}

/**
 * The code the page loads as it is drawn (its map and photo viewer), loaded with what is kept
 * so that the service worker has it: a site kept with its project was never opened here.
 */
const loadObjectPageCode = () => Promise.all([import('./ObjectMap'), import('./PhotoViewer')]);

/** Of a user's projects, the new-object form reads this many (each to see whether they may edit it). */
const NEW_OBJECT_PROJECTS_MAX = 20;

/** What the new-object form reads: the projects a new object may go in. Kept with what is kept, for objects recorded offline. */
export const newObjectFormClaims = (url: string) => url === apiUrl('/projects', { mine: 'true' }) || url === apiUrl('/projects') || PROJECT_DETAIL.test(url);

/** Reads the projects the new-object form offers, as it reads them (useEditableProjects). */
export async function readNewObjectForm(): Promise<void> {
  if (hasGlobalPermission(deviceUser(), 'manageProjects')) {
    await api.get<ProjectsResponse>('/projects');
    return;
  }
  const { projects } = await api.get<ProjectsResponse>('/projects', { mine: 'true' });
  await Promise.all(projects.slice(0, NEW_OBJECT_PROJECTS_MAX).map((p) => api.get(`/projects/${encodeURIComponent(p.slug)}`)));
}

/** Keeps an object's page on this device (docs/offline.md "Kept on this device"), and the new-object form's projects. */
export function keepObject(username: string, obj: { id: string; name: string; title: string }): Promise<Keep> {
  const root = apiUrl(objectPath(obj.name));
  const claims = objectPageClaims(obj);
  const kept = { id: objectKeepId(obj.id), kind: 'object', title: obj.title, href: paths.object(obj.name), root } as const;
  return keep(
    username,
    kept,
    (url) => claims(url) || newObjectFormClaims(url),
    async () => (await Promise.all([readObjectPage(obj), readNewObjectForm()]))[0],
  );
}
