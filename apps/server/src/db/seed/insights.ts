import { CommentInputSchema, InsightChangeSchema, InsightWriteSchema } from '@observatory/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Actor } from '../../authz/authorize.js';
import { createCommentsService } from '../../modules/insights/index.js';
import type { Db } from '../client.js';
import { settings } from '../schema/index.js';
import { planDemoInsights, type DemoCommenter } from './demo-insights.js';
import { today } from './objects.js';

/** Set once the demo insights are in: a second start adds nothing. */
const SEEDED_KEY = 'demo_insights_seeded';

/**
 * The demo insights (demo-insights.ts) and their comments, written through the insights
 * and comments services as the demo accounts would write them (their checks, search text,
 * revisions and audit), in one transaction, once: on a database with the demo objects and
 * accounts and no demo insights yet. The services write "now"; the dates of the plan are
 * set afterwards, in three statements. The comments go through a comments service of its
 * own whose notifications are mute: the demo must not mail the demo authors about
 * 160 comments (nor fill the outbox) at a first start.
 */
export async function seedDemoInsights(app: FastifyInstance): Promise<void> {
  const started = performance.now();
  const { users, insights, assets, notifications } = app.services;
  const comments = createCommentsService({
    db: app.database,
    insights,
    assets,
    notifications: { ...notifications, send: async () => false },
    publicUrl: app.config.publicUrl,
  });
  try {
    const added = await app.database.transaction(async (tx) => {
      if ((await tx.select().from(settings).where(eq(settings.key, SEEDED_KEY))).length) return 0;
      const plan = planDemoInsights(today());
      const actors = new Map<DemoCommenter, Actor>();
      for (const username of new Set(plan.flatMap((i) => [i.author, ...i.comments.map(([who]) => who)]))) {
        const user = await users.findByLogin(username);
        const actor = user && (await users.actorFor(user.id));
        if (!actor) return 0; // the demo accounts are gone: nothing to seed them for
        actors.set(username, actor);
      }
      const insightTimes: { id: string; createdAt: Date; updatedAt: Date }[] = [];
      const commentTimes: { id: string; at: Date }[] = [];
      const updates: { id: string; actor: Actor; doc: NonNullable<(typeof plan)[number]['doc']> }[] = [];
      for (const i of plan) {
        const author = actors.get(i.author)!;
        const input = InsightWriteSchema.parse({
          insight: { title: i.title, tags: i.tags, team: i.team ?? null, objects: i.objects, visibility: i.visibility ?? 'public' },
          doc: i.doc,
        });
        const { id } = (await insights.createInsight(author, input)).insight;
        insightTimes.push({ id, createdAt: i.createdAt, updatedAt: i.updatedAt });
        for (const c of i.plannedComments)
          commentTimes.push({ id: (await comments.createComment(actors.get(c.author)!, id, CommentInputSchema.parse({ content: c.content }))).id, at: c.at });
        if (i.update)
          updates.push({
            id,
            actor: author,
            doc: { ...i.doc, content: [...(i.doc.content ?? []), { type: 'paragraph', content: [{ type: 'text', text: i.update.text }] }] },
          });
      }
      // Every revision so far is an insight's first.
      await setTimes(tx, insightTimes, commentTimes);
      for (const u of updates) await insights.updateInsight(u.actor, u.id, InsightChangeSchema.parse({ doc: u.doc }));
      // The updates' revisions: the ones not dated yet (the transaction's time, after every planned date).
      const updated = values(
        insightTimes
          .filter((t) => t.updatedAt > t.createdAt)
          .map((t) => sql`(${t.id}::uuid, ${t.createdAt.toISOString()}::timestamptz, ${t.updatedAt.toISOString()}::timestamptz)`),
      );
      if (updated) {
        await tx.execute(sql`update insights i set updated_at = v.updated from (values ${updated}) v(id, created, updated) where i.id = v.id`);
        await tx.execute(sql`update document_revisions r set created_at = v.updated from (values ${updated}) v(id, created, updated)
          where r.owner_type = 'insight' and r.owner_id = v.id and r.created_at > v.created`);
      }
      await tx.insert(settings).values({ key: SEEDED_KEY, value: sql`now()::text` });
      return plan.length;
    });
    if (added) app.log.info(`Demo insights added: ${added} (${Math.round(performance.now() - started)} ms)`);
  } catch (err) {
    // Demo data must never stop a start.
    app.log.warn({ err }, 'Demo insights not added');
  }
}

const values = (rows: ReturnType<typeof sql>[]) => (rows.length ? sql.join(rows, sql`, `) : null);

/** The planned dates of the insights (created, and changed as created), their first revisions and their comments. */
async function setTimes(tx: Db, insightTimes: { id: string; createdAt: Date }[], commentTimes: { id: string; at: Date }[]): Promise<void> {
  const insights = values(insightTimes.map((t) => sql`(${t.id}::uuid, ${t.createdAt.toISOString()}::timestamptz)`));
  if (insights) {
    await tx.execute(sql`update insights i set created_at = v.at, updated_at = v.at from (values ${insights}) v(id, at) where i.id = v.id`);
    await tx.execute(
      sql`update document_revisions r set created_at = v.at from (values ${insights}) v(id, at) where r.owner_type = 'insight' and r.owner_id = v.id`,
    );
  }
  const comments = values(commentTimes.map((t) => sql`(${t.id}::uuid, ${t.at.toISOString()}::timestamptz)`));
  if (comments)
    await tx.execute(
      sql`update insight_comments c set timestamp = v.at, created_at = v.at, updated_at = v.at from (values ${comments}) v(id, at) where c.id = v.id`,
    );
}
