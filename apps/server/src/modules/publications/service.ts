import {
  PAGE_SIZES,
  PUBLICATION_LIMITS,
  type CitationStyle,
  type PublicationExportFormat,
  type PublicationsParsed,
  type PublicationValues,
  type Publication,
  type PublicationDetail,
  type PublicationChangeSchema,
  type PublicationsQuerySchema,
} from '@observatory/shared';
import type { z } from 'zod';
import { authorize, can, permissionsFor, requireActor, seesUnconfirmedLink, type Actor } from '../../authz/authorize.js';
import { findVisible, load as loadKind, type Found } from '../../authz/lookup.js';
import { visibleTo } from '../../authz/visibility.js';
import type { Database, Db } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { AppError, invalidField, notFound } from '../../lib/errors.js';
import { pageOf } from '../../lib/pagination.js';
import { chooseSlug } from '../../lib/slugs.js';
import { checkVersion, type Precondition } from '../../lib/versions.js';
import {
  checkEntry,
  countEntries,
  detectFormat,
  exportCitations,
  extraAfterChange,
  formatCitation,
  readEntries,
  toCsl,
  type CitationFormat,
} from './citations.js';
import type { CitableFields } from './csl.js';
import { repeatsInPaste, storedDuplicates } from './duplicates.js';
import * as repo from './repo.js';

type Query = z.output<typeof PublicationsQuerySchema>;
type Filters = Omit<Query, 'p'>;
type Change = z.output<typeof PublicationChangeSchema>['publication'];
type Values = PublicationValues;

/** The words a publication is found by: its title, its authors and its abstract. */
const searchTextOf = (title: string, authors: readonly { name: string }[], abstract: string | null) =>
  [title, authors.map((a) => a.name).join('; '), abstract ?? ''].join('\n\n');

/** An address for a publication: its first author's family name, its year and the start of its title. */
function slugBase(values: Pick<Values, 'title' | 'year' | 'authors'>): string {
  const family = values.authors[0]?.name.split(',')[0]?.trim().split(/\s+/).at(-1) ?? '';
  const words = values.title.split(/\s+/).slice(0, 5).join(' ');
  return [family, values.year ?? '', words].filter(Boolean).join(' ').slice(0, 70);
}

/** A DOI some other publication holds: 409, naming the field, with a link to that one. */
function doiTaken(field: string, holder: { slug: string; title: string }): AppError {
  const message = `A publication with this DOI exists: “${holder.title}”`;
  return new AppError('CONFLICT', message, { details: [{ field, message, href: `/pubs/${holder.slug}` }] });
}

const MEDIA_TYPES: Record<PublicationExportFormat, { type: string; extension: string }> = {
  bibtex: { type: 'application/x-bibtex; charset=utf-8', extension: 'bib' },
  ris: { type: 'application/x-research-info-systems; charset=utf-8', extension: 'ris' },
  csl: { type: 'application/vnd.citationstyles.csl+json; charset=utf-8', extension: 'json' },
};

/**
 * A publication as the reader sees it: an author's link its person has not confirmed shows
 * to that person and managePublications only; anyone else reads the name alone, as of an
 * author linked to no one (no person, nothing of theirs).
 */
function asSeenBy(actor: Actor | null, publication: Publication): Publication {
  const hidden = (a: Publication['authors'][number]) => !!a.person && !a.confirmed && !seesUnconfirmedLink(actor, 'publication', a.person.id);
  if (!publication.authors.some(hidden)) return publication;
  return { ...publication, authors: publication.authors.map((a) => (hidden(a) ? { name: a.name, person: null, confirmed: false } : a)) };
}

const citable = (row: repo.PublicationRow, authors: readonly string[]): CitableFields => ({ ...row, type: row.type as CitableFields['type'], authors });
/** A stored publication's columns, as its extra is checked against when they change (citations.extraAfterChange). */
const columnsOf = (row: repo.PublicationRow, authors: readonly { name: string }[]) =>
  citable(
    row,
    authors.map((a) => a.name),
  );

/**
 * Publications: a public catalogue of citations. Any signed-in user adds them (by hand or
 * from a pasted BibTeX, RIS or CSL-JSON); their creator, their confirmed authors (edit
 * only) and holders of managePublications change them. An author linked to a person is a
 * suggestion until that person (or managePublications) confirms it: then it shows on the
 * person's page and lets them edit. Linking one to a project needs edit on the project.
 */
export function createPublicationsService(deps: { db: Database }) {
  const { db } = deps;

  const load = (d: Db, actor: Actor | null, key: string) => loadKind(d, actor, 'publication', key);

  /**
   * The author rows of the fields: each person named must exist. A link is confirmed when
   * the writer is that person, holds managePublications, or it was confirmed before. A link
   * waiting for its person that the writer was not shown (asSeenBy) stays on its author when
   * the name comes back unlinked: the writer could not have meant to take it off.
   */
  async function authorRows(d: Db, actor: Actor, authors: Values['authors'], field: string, before: repo.AuthorRow[] = []) {
    const manager = can(actor, 'managePublications');
    const unseen = before.filter((b) => !!b.personId && !b.confirmed && !seesUnconfirmedLink(actor, 'publication', b.personId));
    const rows: Omit<repo.AuthorRow, 'publicationId' | 'position'>[] = [];
    for (const [i, author] of authors.entries()) {
      let personId: string | null = null;
      if (author.person) {
        const person = await findVisible(d, actor, 'person', author.person);
        if (!person) throw invalidField(`${field}.authors.${i}.person`, `No such person: ${author.person}`);
        personId = person.id;
      } else {
        const kept = unseen.findIndex((b) => b.name === author.name);
        if (kept >= 0) {
          rows.push({ name: author.name, personId: unseen[kept]!.personId!, confirmed: false });
          unseen.splice(kept, 1);
          continue;
        }
      }
      const confirmed = !!personId && (manager || personId === actor.personId || before.some((b) => b.personId === personId && b.confirmed));
      rows.push({ name: author.name, personId, confirmed });
    }
    return rows;
  }

  async function checkDoi(d: Db, doi: string | null | undefined, field: string, exceptId?: string) {
    if (!doi) return;
    const holder = (await repo.holdersOfDois(d, [doi], exceptId)).get(doi.toLowerCase());
    if (holder) throw doiTaken(field, holder);
  }

  /** Writes a new publication and its authors; the caller has checked its DOI. */
  async function insert(tx: Db, actor: Actor, values: Values, field: string) {
    const authors = await authorRows(tx, actor, values.authors, field);
    const slug = await chooseSlug({ slug: values.slug, name: slugBase(values) }, (base) => repo.slugsLike(tx, base), 'publication');
    const row = await repo.insertPublication(tx, {
      slug,
      type: values.type,
      title: values.title,
      year: values.year,
      venue: values.venue ?? null,
      volume: values.volume ?? null,
      issue: values.issue ?? null,
      pages: values.pages ?? null,
      doi: values.doi ?? null,
      url: values.url ?? null,
      abstract: values.abstract ?? null,
      keywords: [...new Set(values.keywords)],
      citationKey: values.citationKey ?? null,
      extra: values.extra,
      searchText: searchTextOf(values.title, values.authors, values.abstract ?? null),
      createdBy: actor.personId,
    });
    await repo.setAuthors(tx, row.id, authors);
    await audit(tx, actor, 'publication.create', { type: 'publication', id: row.id }, { after: { slug: row.slug, title: row.title, doi: row.doi } });
    return row;
  }

  /** The projects named, each one the actor may edit: else 404 (not visible) or 403. */
  async function editableProjects(d: Db, actor: Actor, keys: readonly string[]) {
    const ids: string[] = [];
    for (const key of keys) {
      const project = await loadKind(d, actor, 'project', key);
      authorize(actor, 'edit', project.resource, 'Project');
      ids.push(project.id);
    }
    return ids;
  }

  async function detail(actor: Actor | null, found: Found): Promise<PublicationDetail> {
    const row = await db.use((d) => repo.publicationDetail(d, found.id, visibleTo(actor, 'project')));
    if (!row) throw notFound('Publication');
    return {
      publication: asSeenBy(actor, row.publication as Publication),
      abstract: row.abstract,
      extra: row.extra,
      permissions: permissionsFor(actor, found.resource),
    };
  }

  const filterOf = (actor: Actor | null, filters: Filters, ids?: repo.PublicationFilter['ids']): repo.PublicationFilter => ({
    projectsVisible: visibleTo(actor, 'project'),
    q: filters.q || undefined,
    year: filters.year,
    type: filters.type,
    person: filters.person,
    project: filters.project,
    sort: filters.sort,
    ids,
  });

  /** Publications of one selection (a project's, a person's, an institution's), newest first. */
  const listOf = (actor: Actor | null, ids: repo.PublicationFilter['ids']) =>
    db.use(async (d) =>
      ((await repo.listPublications(d, filterOf(actor, {}, ids), PUBLICATION_LIMITS.exportEntries)) as Publication[]).map((p) => asSeenBy(actor, p)),
    );

  return {
    /** A publication by its id or slug. */
    async getPublication(actor: Actor | null, key: string): Promise<PublicationDetail> {
      return detail(actor, await db.use((d) => load(d, actor, key)));
    },

    /** A page of the publications the filters find, 25 a page. */
    async listPublications(actor: Actor | null, query: Query) {
      const page = pageOf(query.p, PAGE_SIZES.publications);
      const { rows, total } = await db.use((d) => repo.searchPublications(d, db.counts, filterOf(actor, query), page));
      return { publications: (rows as Publication[]).map((p) => asSeenBy(actor, p)), page, total };
    },

    listYears: () => db.use((d) => repo.yearCounts(d)),

    async createPublication(actor: Actor | null, values: Values): Promise<PublicationDetail> {
      const writer = requireActor(actor);
      const id = await db.transaction(async (tx) => {
        await checkDoi(tx, values.doi, 'body.publication.doi');
        return (await insert(tx, writer, values, 'body.publication')).id;
      });
      return this.getPublication(actor, id);
    },

    /** Several publications at once (a previewed paste), perhaps linked to projects: all or none. */
    async importPublications(actor: Actor | null, input: { publications: Values[]; projects: string[] }) {
      const writer = requireActor(actor);
      return db.transaction(async (tx) => {
        const projectIds = await editableProjects(tx, writer, input.projects);
        const dois = input.publications.map((p) => p.doi).filter((d): d is string => !!d);
        const holders = await repo.holdersOfDois(tx, dois);
        const seen = new Map<string, number>();
        for (const [i, p] of input.publications.entries()) {
          if (!p.doi) continue;
          const field = `body.publications.${i}.doi`;
          const holder = holders.get(p.doi.toLowerCase());
          if (holder) throw doiTaken(field, holder);
          const earlier = seen.get(p.doi.toLowerCase());
          if (earlier !== undefined)
            throw new AppError('CONFLICT', `Entries ${earlier + 1} and ${i + 1} have the same DOI`, {
              details: [{ field, message: `The same DOI as entry ${earlier + 1}` }],
            });
          seen.set(p.doi.toLowerCase(), i);
        }
        const rows = [];
        for (const [i, p] of input.publications.entries()) rows.push(await insert(tx, writer, p, `body.publications.${i}`));
        await repo.linkProjects(
          tx,
          projectIds,
          rows.map((r) => r.id),
        );
        return { publications: rows.map((r) => ({ id: r.id, slug: r.slug, title: r.title })) };
      });
    },

    /**
     * A paste of BibTeX, RIS or CSL-JSON read into entries, nothing saved: each entry is
     * what would be saved, or why it cannot be (naming its line), and the publication
     * already holding its DOI.
     */
    async parsePublications(actor: Actor | null, text: string, format: CitationFormat | 'auto'): Promise<PublicationsParsed> {
      requireActor(actor);
      const chosen = format === 'auto' ? detectFormat(text) : format;
      const count = countEntries(text, chosen);
      if (count > PUBLICATION_LIMITS.importEntries)
        throw invalidField('body.text', `At most ${PUBLICATION_LIMITS.importEntries} entries at once (this holds ${count})`);
      const raw = readEntries(text, chosen);
      const entries = raw.map((entry, index) => {
        if (!entry.input) return { index, key: entry.key, line: entry.line, publication: null, error: entry.error };
        const checked = checkEntry(entry.input);
        return { index, key: entry.key, line: entry.line, ...checked, error: checked.error && `Line ${entry.line}: ${checked.error}` };
      });
      const stored = await db.use((d) =>
        storedDuplicates(
          d,
          entries.map((e) => e.publication),
        ),
      );
      const repeats = repeatsInPaste(entries.map((e) => e.publication));
      return {
        format: chosen,
        entries: entries.map((e) => ({ ...e, duplicate: stored.get(e.index) ?? null, repeats: repeats.get(e.index) ?? null })),
      };
    },

    async updatePublication(actor: Actor | null, key: string, fields: Change, precondition: Precondition = {}): Promise<PublicationDetail> {
      const found = await db.use((d) => load(d, actor, key));
      authorize(actor, 'edit', found.resource, 'Publication');
      await db.transaction(async (tx) => {
        await checkVersion(tx, actor, repo.publicationVersion(found.id), precondition);
        const before = (await repo.findRow(tx, found.id))!;
        const beforeAuthors = await repo.authorsOf(tx, found.id);
        if (fields.doi !== undefined && fields.doi?.toLowerCase() !== before.doi?.toLowerCase())
          await checkDoi(tx, fields.doi, 'body.publication.doi', found.id);
        if (fields.slug && fields.slug !== before.slug) await chooseSlug({ slug: fields.slug, name: '' }, (base) => repo.slugsLike(tx, base), 'publication');
        const authors = fields.authors ? await authorRows(tx, actor!, fields.authors, 'body.publication', beforeAuthors) : undefined;
        const { authors: _authors, keywords, extra, ...rest } = fields;
        const title = fields.title ?? before.title;
        const abstract = fields.abstract !== undefined ? fields.abstract : before.abstract;
        const changed = {
          ...Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)),
          ...(keywords ? { keywords: [...new Set(keywords)] } : {}),
        };
        // An extra sent is taken as it is; else what held a changed column as written goes with it.
        const columns = columnsOf(before, beforeAuthors);
        const kept = extra ?? extraAfterChange(before.extra, columns, { ...columns, ...changed, ...(authors ? { authors: authors.map((a) => a.name) } : {}) });
        await repo.changePublication(tx, actor, found.id, { ...changed, extra: kept, searchText: searchTextOf(title, authors ?? beforeAuthors, abstract) });
        if (authors) await repo.setAuthors(tx, found.id, authors);
        await audit(
          tx,
          actor,
          'publication.update',
          { type: 'publication', id: found.id },
          { before: { title: before.title, doi: before.doi, year: before.year }, after: fields },
        );
      });
      return this.getPublication(actor, found.id);
    },

    async deletePublication(actor: Actor | null, key: string, precondition: Precondition = {}): Promise<void> {
      const found = await db.use((d) => load(d, actor, key));
      authorize(actor, 'delete', found.resource, 'Publication');
      await db.transaction(async (tx) => {
        await checkVersion(tx, actor, repo.publicationVersion(found.id), precondition);
        const before = await repo.findRow(tx, found.id);
        await repo.deletePublication(tx, found.id);
        await audit(
          tx,
          actor,
          'publication.delete',
          { type: 'publication', id: found.id },
          { before: { slug: before?.slug, title: before?.title, doi: before?.doi } },
        );
      });
    },

    /** The publication formatted in a citation style. */
    async getCitation(actor: Actor | null, key: string, style: CitationStyle) {
      const [item] = await this.listForExport(actor, {}, key);
      return { style, ...formatCitation(toCsl(item!), style) };
    },

    /** The publications the filters find (or the one `key` names) as they are cited, up to the export limit. */
    async listForExport(actor: Actor | null, filters: Filters, key?: string): Promise<CitableFields[]> {
      return db.use(async (d) => {
        const one = key ? await load(d, actor, key) : null;
        const rows = await repo.exportRows(d, filterOf(actor, filters, one ? repo.idIs(one.id) : undefined), PUBLICATION_LIMITS.exportEntries);
        return rows.map((r) => citable(r.row, r.authors));
      });
    },

    /** A file of the publications the filters find (or the one `key` names). */
    async exportFile(actor: Actor | null, format: PublicationExportFormat, filters: Filters, key?: string) {
      const pubs = await this.listForExport(actor, filters, key);
      const { type, extension } = MEDIA_TYPES[format];
      const name = key && pubs[0] ? (pubs[0].citationKey ?? pubs[0].slug) : 'publications';
      return { body: exportCitations(pubs, format), type, filename: `${name.replace(/[^\w.-]+/g, '_')}.${extension}` };
    },

    /** Links a publication to a project (edit on the project); answers the publication. */
    async linkToProject(actor: Actor | null, projectKey: string, publicationKey: string): Promise<Publication> {
      const writer = requireActor(actor);
      const { publicationId } = await db.transaction(async (tx) => {
        const [projectId] = await editableProjects(tx, writer, [projectKey]);
        const publication = await load(tx, actor, publicationKey);
        await repo.linkProject(tx, projectId!, publication.id);
        await audit(tx, actor, 'project.publication.add', { type: 'project', id: projectId! }, { after: { publicationId: publication.id } });
        return { publicationId: publication.id };
      });
      return (await this.getPublication(actor, publicationId)).publication;
    },

    /** Takes a publication off a project (edit on the project): 404 when it was not on it. */
    async unlinkFromProject(actor: Actor | null, projectKey: string, publicationKey: string): Promise<void> {
      const writer = requireActor(actor);
      await db.transaction(async (tx) => {
        const [projectId] = await editableProjects(tx, writer, [projectKey]);
        const publication = await load(tx, actor, publicationKey);
        if (!(await repo.unlinkProject(tx, projectId!, publication.id))) throw notFound('Publication of this project');
        await audit(tx, actor, 'project.publication.remove', { type: 'project', id: projectId! }, { before: { publicationId: publication.id } });
      });
    },

    /** Confirms that a person is an author: that person, or managePublications. */
    async confirmAuthor(actor: Actor | null, key: string, personKey: string): Promise<PublicationDetail> {
      const found = await db.transaction(async (tx) => {
        const { found, personId } = await authorLink(tx, actor, key, personKey, 'confirm');
        await repo.confirmAuthor(tx, found.id, personId);
        await repo.touchPublication(tx, found.id, actor);
        await audit(tx, actor, 'publication.author.confirm', { type: 'publication', id: found.id }, { after: { personId } });
        return found;
      });
      return this.getPublication(actor, found.id);
    },

    /** Takes a person's link off a publication's authors (their name stays): that person, its editors, or managePublications. */
    async unlinkAuthor(actor: Actor | null, key: string, personKey: string): Promise<void> {
      await db.transaction(async (tx) => {
        const { found, personId } = await authorLink(tx, actor, key, personKey, 'unlink');
        await repo.unlinkAuthor(tx, found.id, personId);
        await repo.touchPublication(tx, found.id, actor);
        await audit(tx, actor, 'publication.author.unlink', { type: 'publication', id: found.id }, { before: { personId } });
      });
    },

    /** The publications naming the signed-in person as an author, waiting for them to confirm. */
    listSuggestions: (actor: Actor | null) => listOf(actor, repo.suggestedTo(requireActor(actor).personId)),
    listOfProject: (actor: Actor | null, projectId: string) => listOf(actor, repo.ofProject(projectId)),
    listOfPerson: (actor: Actor | null, personId: string) => listOf(actor, repo.ofPerson(personId)),
    listOfInstitution: (actor: Actor | null, institutionId: string) => listOf(actor, repo.ofInstitution(institutionId)),
  };

  /**
   * A person's link among a publication's authors, and whether the actor may act on it:
   * confirming is for the person and managePublications; unlinking also for its editors.
   * A link waiting for its person is, to anyone who is not shown it (asSeenBy), no link: 404.
   */
  async function authorLink(tx: Db, actor: Actor | null, key: string, personKey: string, action: 'confirm' | 'unlink') {
    const writer = requireActor(actor);
    const found = await load(tx, actor, key);
    const person = await findVisible(tx, actor, 'person', personKey);
    const links = person
      ? (await repo.authorsOf(tx, found.id)).filter((a) => a.personId === person.id && (a.confirmed || seesUnconfirmedLink(writer, 'publication', person.id)))
      : [];
    if (!person || !links.length) throw notFound('Author of this publication');
    const allowed = person.id === writer.personId || can(writer, 'managePublications') || (action === 'unlink' && can(writer, 'edit', found.resource));
    if (!allowed)
      throw new AppError(
        'FORBIDDEN',
        action === 'confirm' ? 'Only the person named (or a publications manager) confirms an author' : 'You are not allowed to do this',
      );
    return { found, personId: person.id };
  }
}
