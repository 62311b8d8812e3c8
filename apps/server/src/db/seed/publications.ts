import fs from 'node:fs';
import { PublicationInputSchema, type ParsedPublication } from '@observatory/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Actor } from '../../authz/authorize.js';
import { settings } from '../schema/index.js';
import { DEMO_CITED, DEMO_PUBLICATIONS, REAL_REFERENCES_PROJECT } from './demo-publications.js';

/** Set once the demo publications are in: a second start adds nothing. */
const SEEDED_KEY = 'demo_publications_seeded';
/** The real references (see files/README.md), read as a pasted file is. */
const BIB = new URL('./files/efi_ecological_forecasting_refs.bib', import.meta.url);
/** Links to people in publications of this year on wait for the person to confirm them (on /me); older ones were confirmed. */
const STILL_PENDING_FROM = 2025;

/**
 * The demo publications, written through the publications service as the demo accounts
 * would (its checks, slugs, search text and audit), in one transaction, once: the 42 real
 * references pasted as BibTeX and saved after their preview, linked to the projects that
 * cite them; then the demo projects' own reports, data sets, theses and software, whose
 * authors linked to demo people are confirmed by those people, except this year's.
 */
export async function seedDemoPublications(app: FastifyInstance): Promise<void> {
  const started = performance.now();
  const { users, publications } = app.services;
  try {
    const added = await app.database.transaction(async (tx) => {
      if ((await tx.select().from(settings).where(eq(settings.key, SEEDED_KEY))).length) return 0;
      const actors = new Map<string, Actor>();
      for (const username of ['ada', 'grace', 'mei', 'tomas']) {
        const user = await users.findByLogin(username);
        const actor = user && (await users.actorFor(user.id));
        if (!actor) return 0; // the demo accounts are gone: nothing to seed them for
        actors.set(username, actor);
      }
      const as = (username: string) => actors.get(username)!;

      const parsed = await publications.parsePublications(as(REAL_REFERENCES_PROJECT.by), fs.readFileSync(BIB, 'utf8'), 'bibtex');
      const faults = parsed.entries.filter((e) => !e.publication);
      if (faults.length) throw new Error(`The demo references did not read: ${faults.map((e) => e.error).join('; ')}`);
      const real = parsed.entries.map((e) => PublicationInputSchema.parse(e.publication as ParsedPublication));
      const saved = await publications.importPublications(as(REAL_REFERENCES_PROJECT.by), { publications: real, projects: [REAL_REFERENCES_PROJECT.project] });
      const byKey = new Map(parsed.entries.map((e, i) => [e.key, saved.publications[i]!.id]));
      for (const { by, project, keys } of DEMO_CITED) for (const key of keys) await publications.linkToProject(as(by), project, byKey.get(key)!);

      for (const { by, projects, publication } of DEMO_PUBLICATIONS) {
        await publications.importPublications(as(by), { publications: [PublicationInputSchema.parse(publication)], projects });
        const year = publication.year ?? 0;
        if (year >= STILL_PENDING_FROM) continue;
        for (const author of publication.authors ?? []) {
          if (author.person && author.person !== by) await confirmAs(as(author.person), publication.title);
        }
      }
      await tx.insert(settings).values({ key: SEEDED_KEY, value: sql`now()::text` });
      return real.length + DEMO_PUBLICATIONS.length;

      /** The person confirms their link to the publication of that title. */
      async function confirmAs(person: Actor, title: string) {
        const suggestion = (await publications.listSuggestions(person)).find((p) => p.title === title);
        if (suggestion) await publications.confirmAuthor(person, suggestion.id, person.personId);
      }
    });
    if (added) app.log.info(`Demo publications added: ${added} (${Math.round(performance.now() - started)} ms)`);
  } catch (err) {
    // Demo data must never stop a start.
    app.log.warn({ err }, 'Demo publications not added');
  }
}
