import { paths } from '../../../config/paths';
import { api, apiUrl } from '../../../lib/api-client';
import { keep, type ImageToKeep, type Keep } from '../../../lib/kept/store';
import { fetchObjects } from '../../../features/objects/api';
import { newObjectFormClaims, objectPageClaims, readNewObjectForm, readObjectPage, readOnce } from '../../../features/objects/keep';
import { projectPath } from '../../../features/projects/api';

/** At most this many of a project's sites are kept with it, in the catalogue's order. */
export const PROJECT_KEEP_MAX = 200;
const PAGE = 100;

export const projectKeepId = (id: string) => `project:${id}`;

/**
 * Keeps a project for the field (docs/offline.md "Kept on this device"): its page, the list
 * of its sites its Data tab shows (`listQuery`), and each of its sites' pages with their
 * photos, read one site at a time.
 */
export function keepProject(username: string, project: { id: string; slug: string; title: string }, listQuery: string): Promise<Keep> {
  const root = apiUrl(projectPath(project.slug));
  const lists = `${apiUrl('/data/obj', { project: project.slug })}&`;
  const sites: ((url: string) => boolean)[] = [];
  const claims = (url: string) => url === root || url.startsWith(lists) || sites.some((claimed) => claimed(url)) || newObjectFormClaims(url);
  const kept = { id: projectKeepId(project.id), kind: 'project' as const, title: project.title, href: `${paths.project(project.slug)}/data`, root };
  return keep(username, kept, claims, async () => {
    await Promise.all([api.get(projectPath(project.slug)), fetchObjects(listQuery, 1), readNewObjectForm()]);
    const images: ImageToKeep[] = [];
    const once = readOnce();
    const query = new URLSearchParams({ project: project.slug, limit: String(PAGE) }).toString();
    for (let page = 1; (page - 1) * PAGE < PROJECT_KEEP_MAX; page++) {
      const { objects } = (await fetchObjects(query, page)).data;
      for (const site of objects) {
        sites.push(objectPageClaims(site));
        images.push(...(await readObjectPage(site, once)));
      }
      if (objects.length < PAGE) break;
    }
    return images;
  });
}
