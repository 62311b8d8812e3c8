import type { FastifyInstance, FastifyReply } from 'fastify';
import type { InsightsResponse, ProjectDetail, PublicationsResponse, UpdatesResponse } from '@observatory/shared';
import { visitorReader } from '../head/index.js';
import { atom, type AtomEntry } from './atom.js';

const ATOM_TYPE = 'application/atom+xml; charset=utf-8';

/**
 * Atom feeds (RFC 4287, docs/findable.md "Feeds") of what a visitor may read: insights (all,
 * or of a tag), a project's updates, the publications latest added. Each reads the API as a
 * visitor, so a hidden insight, update or project never reaches a feed; a project a visitor
 * may not see has no feed (404).
 */
export async function feedRoutes(app: FastifyInstance) {
  const site = app.config.publicUrl;
  const author = app.config.app.productName;
  const send = (reply: FastifyReply, self: string, page: string, title: string, entries: AtomEntry[]) =>
    reply
      .header('cache-control', 'no-cache')
      .type(ATOM_TYPE)
      .send(atom({ self: `${site}${self}`, page: `${site}${page}`, title: `${title} · ${author}`, author, entries }));

  app.get<{ Querystring: { tag?: string } }>('/feeds/insights.atom', { schema: { hide: true } }, async (request, reply) => {
    const tag = typeof request.query.tag === 'string' && request.query.tag ? request.query.tag : null;
    const read = visitorReader(app, request.ip);
    const found = await read<InsightsResponse>(`/insights?s=newest${tag ? `&tag=${encodeURIComponent(tag)}` : ''}`);
    const entries = (found?.results ?? []).map((i) => ({
      url: `${site}/insights/${i.num}`,
      title: i.title,
      updated: i.updatedAt,
      published: i.createdAt,
      author: i.author?.name,
      summary: i.snippet,
    }));
    const self = `/feeds/insights.atom${tag ? `?tag=${encodeURIComponent(tag)}` : ''}`;
    return send(reply, self, tag ? `/insights?tag=${encodeURIComponent(tag)}` : '/insights', tag ? `Insights: ${tag}` : 'Insights', entries);
  });

  app.get<{ Params: { slug: string } }>('/feeds/projects/:slug/updates.atom', { schema: { hide: true } }, async (request, reply) => {
    const read = visitorReader(app, request.ip);
    const key = encodeURIComponent(request.params.slug);
    const project = await read<ProjectDetail>(`/projects/${key}`);
    if (!project) return reply.callNotFound();
    const { slug, title } = project.project;
    const updates = (await read<UpdatesResponse>(`/projects/${encodeURIComponent(slug)}/updates`))?.updates ?? [];
    const entries = updates.map((u) => ({
      url: `${site}/projects/${slug}/updates/${u.slug}`,
      title: u.title,
      updated: u.updatedAt,
      published: u.publishedAt,
      author: u.author?.name,
    }));
    return send(reply, `/feeds/projects/${slug}/updates.atom`, `/projects/${slug}/updates`, `${title}: updates`, entries);
  });

  app.get('/feeds/pubs.atom', { schema: { hide: true } }, async (request, reply) => {
    const found = await visitorReader(app, request.ip)<PublicationsResponse>('/pubs?sort=added');
    const entries = (found?.publications ?? []).map((p) => ({
      url: `${site}/pubs/${p.slug}`,
      title: p.title,
      updated: p.updatedAt,
      published: p.createdAt,
      author: p.authors.map((a) => a.name).join('; ') || null,
      summary: [p.year, p.venue].filter(Boolean).join(', ') || null,
    }));
    return send(reply, '/feeds/pubs.atom', '/pubs', 'Publications', entries);
  });
}
