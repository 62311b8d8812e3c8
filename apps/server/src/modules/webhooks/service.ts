import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import {
  WEBHOOK_LOG_SIZE,
  WEBHOOKS_MAX,
  type Webhook,
  type WebhookCreated,
  type WebhookDelivery,
  type WebhookInputSchema,
  type WebhookUpdateSchema,
} from '@observatory/shared';
import type { z } from 'zod';
import { authorize, type Actor } from '../../authz/authorize.js';
import type { Database, Db } from '../../db/client.js';
import { webhookDeliveries, webhooks } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import { AppError, invalidField, notFound } from '../../lib/errors.js';
import { checkTarget, postTo } from '../../lib/outbound.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { bumped, checkVersion, type Precondition } from '../../lib/versions.js';
import { changeAt, feedEnd, readChanges } from '../system/index.js';
import * as repo from './repo.js';
import { newWebhookSecret, signedHeaders } from './signature.js';

/** Retries: 30 s after the first failure, doubling up to 6 h apart, for at most a day after the change (13 attempts). */
export const RETRY_FIRST_MS = 30_000;
export const RETRY_MAX_GAP_MS = 6 * 3600_000;
export const RETRY_FOR_MS = 24 * 3600_000;
/** How long a receiver may take to answer. */
const TIMEOUT_MS = 10_000;
/** A claimed delivery is taken again after this long if its attempt recorded nothing (a process stopped mid-send). */
const LEASE_MS = TIMEOUT_MS * 3;
/** Changes queued per webhook per round, deliveries sent per round. */
const BATCH = 200;

/** When the attempt after `attempts` failed ones is due, or null once a day has passed since the change. */
export function nextAttempt(createdAt: Date, attempts: number, now: Date): Date | null {
  const gap = Math.min(RETRY_FIRST_MS * 2 ** (attempts - 1), RETRY_MAX_GAP_MS);
  const next = new Date(now.getTime() + gap);
  return next.getTime() - createdAt.getTime() > RETRY_FOR_MS ? null : next;
}

type Input = z.output<typeof WebhookInputSchema>;
type Update = z.output<typeof WebhookUpdateSchema>;

interface Deps {
  db: Database;
  box: SecretBox;
  publicUrl: string;
  /** WEBHOOK_ALLOW_PRIVATE: receivers on this host or a private network may be called. */
  allowPrivate: boolean;
  actorFor: (userId: string) => Promise<Actor | null>;
  log: FastifyBaseLogger;
  now?: () => Date;
}

const toWebhook = ({ row, owner, lastDelivery }: NonNullable<Awaited<ReturnType<typeof repo.findWebhook>>>): Webhook => ({
  id: row.id,
  url: row.url,
  description: row.description,
  events: row.events as Webhook['events'],
  kinds: row.kinds as Webhook['kinds'],
  owner,
  active: row.active,
  version: row.version,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  lastDelivery: lastDelivery ? { status: lastDelivery.status, at: new Date(lastDelivery.at).toISOString() } : null,
});

const toDelivery = (d: repo.DeliveryRow): WebhookDelivery => ({
  id: d.id,
  type: d.type,
  status: d.status,
  attempts: d.attempts,
  responseStatus: d.responseStatus,
  error: d.error,
  nextAttemptAt: d.status === 'pending' || d.status === 'retrying' ? (d.nextAttemptAt?.toISOString() ?? null) : null,
  createdAt: d.createdAt.toISOString(),
  deliveredAt: d.deliveredAt?.toISOString() ?? null,
});

/** What an audit entry keeps of a webhook: never its secret. */
const described = (row: repo.WebhookRow) => ({
  url: row.url,
  description: row.description,
  events: row.events,
  kinds: row.kinds,
  ownerId: row.ownerId,
  active: row.active,
});

/**
 * Webhooks (docs/harvestable.md "Webhooks"): Site Admin registers receivers of the change
 * feed; each change they ask for is queued, then POSTed signed as Standard Webhooks says,
 * retried with backoff for a day. Queue and log are rows, so deliveries survive a restart.
 */
export function createWebhooksService({ db, box, publicUrl, allowPrivate, actorFor, log, now = () => new Date() }: Deps) {
  /** The URL checked as a delivery would be: a refusal is the field's error. */
  async function checkUrl(url: string) {
    try {
      await checkTarget(url, allowPrivate);
    } catch (error) {
      throw invalidField('body.url', (error as Error).message);
    }
  }

  async function ownerIdOf(d: Db, username: string | null | undefined): Promise<string | null> {
    if (!username) return null;
    const id = await repo.userIdOf(d, username);
    if (!id) throw invalidField('body.owner', `No user is called ${username}`);
    return id;
  }

  async function load(d: Db, id: string) {
    const found = await repo.findWebhook(d, id);
    if (!found) throw notFound('Webhook');
    return found;
  }

  /** One attempt at a delivery: the body made now, as the webhook's reader may see the change now. */
  async function attempt(delivery: repo.DeliveryRow): Promise<WebhookDelivery> {
    const hook = await db.use((d) => repo.findWebhook(d, delivery.webhookId));
    if (!hook) return toDelivery(delivery);
    const at = now();
    let outcome: Partial<repo.DeliveryRow>;
    try {
      const reader = hook.row.ownerId ? await actorFor(hook.row.ownerId) : null;
      const data = delivery.change ? await db.use((d) => changeAt(d, reader, delivery.change!.cursor, publicUrl)) : { webhook: hook.row.id, url: hook.row.url };
      const type = delivery.change && data && 'op' in data ? `${data.kind}.${data.op}` : delivery.type;
      const body = JSON.stringify({ type, timestamp: at.toISOString(), data });
      const secret = box.open(hook.row.secret);
      let target;
      try {
        target = await checkTarget(hook.row.url, allowPrivate);
      } catch (error) {
        // Refused by rule (the name now resolves somewhere private): no retry changes that.
        outcome = { status: 'failed', error: (error as Error).message, attempts: delivery.attempts + 1, nextAttemptAt: null };
        return await record(delivery, outcome);
      }
      const headers = { 'content-type': 'application/json', 'user-agent': 'ObservatoryCatalogue-Webhooks/1', ...signedHeaders(secret, delivery.id, at, body) };
      const answer = await postTo(target, headers, body, TIMEOUT_MS);
      outcome =
        answer.status >= 200 && answer.status < 300
          ? { status: 'delivered', responseStatus: answer.status, error: null, deliveredAt: at, nextAttemptAt: null, attempts: delivery.attempts + 1 }
          : failed(
              delivery,
              at,
              `The receiver answered ${answer.status}${answer.status >= 300 && answer.status < 400 ? ' (redirects are not followed)' : ''}`,
              answer.status,
            );
    } catch (error) {
      outcome = failed(delivery, at, (error as Error).message, null);
    }
    return record(delivery, outcome);
  }

  function failed(delivery: repo.DeliveryRow, at: Date, error: string, responseStatus: number | null): Partial<repo.DeliveryRow> {
    const attempts = delivery.attempts + 1;
    const next = nextAttempt(delivery.createdAt, attempts, at);
    return { status: next ? 'retrying' : 'failed', attempts, error, responseStatus, nextAttemptAt: next };
  }

  async function record(delivery: repo.DeliveryRow, outcome: Partial<repo.DeliveryRow>): Promise<WebhookDelivery> {
    const [row] = await db.use((d) => d.update(webhookDeliveries).set(outcome).where(eq(webhookDeliveries.id, delivery.id)).returning());
    if (outcome.status !== 'delivered') log.warn({ delivery: delivery.id, webhook: delivery.webhookId, error: outcome.error }, 'A webhook delivery failed');
    return toDelivery(row ?? { ...delivery, ...outcome });
  }

  /** Queues the changes each active webhook asks for since its cursor, as its reader sees them, and moves the cursor: one transaction. */
  async function enqueue(): Promise<number> {
    return db.transaction(async (tx) => {
      let queued = 0;
      for (const hook of await repo.lockActive(tx)) {
        const reader = hook.ownerId ? await actorFor(hook.ownerId) : null;
        const { changes, next } = await readChanges(tx, reader, { since: hook.cursor, limit: BATCH }, publicUrl);
        const wanted = changes.filter((c) => hook.events.includes(c.op) && hook.kinds.includes(c.kind));
        const createdAt = now();
        if (wanted.length)
          await tx.insert(webhookDeliveries).values(
            wanted.map((c) => ({
              id: `msg_${randomUUID()}`,
              webhookId: hook.id,
              type: `${c.kind}.${c.op}`,
              change: { cursor: c.cursor, op: c.op, kind: c.kind, id: c.id },
              nextAttemptAt: createdAt,
              createdAt,
            })),
          );
        if (next && next !== hook.cursor) await tx.update(webhooks).set({ cursor: next }).where(eq(webhooks.id, hook.id));
        queued += wanted.length;
      }
      return queued;
    });
  }

  /** Sends what is due, one at a time. */
  async function deliverDue(): Promise<WebhookDelivery[]> {
    const claimed = await db.transaction((tx) => repo.claimDue(tx, now(), BATCH, LEASE_MS));
    const sent: WebhookDelivery[] = [];
    for (const delivery of claimed) sent.push(await attempt(delivery));
    return sent;
  }

  let running: Promise<unknown> | null = null;
  let timer: NodeJS.Timeout | null = null;

  return {
    async list(actor: Actor | null) {
      authorize(actor, 'manageSettings');
      return { webhooks: (await db.use((d) => repo.listWebhooks(d))).map(toWebhook) };
    },

    async create(actor: Actor | null, input: Input): Promise<WebhookCreated> {
      authorize(actor, 'manageSettings');
      await checkUrl(input.url);
      const secret = newWebhookSecret();
      const id = await db.transaction(async (tx) => {
        if ((await repo.countWebhooks(tx)) >= WEBHOOKS_MAX)
          throw new AppError('CONFLICT', `A catalogue keeps at most ${WEBHOOKS_MAX} webhooks: delete one first`);
        const ownerId = await ownerIdOf(tx, input.owner);
        // It hears of changes from now on.
        const cursor = await feedEnd(tx);
        const [row] = await tx
          .insert(webhooks)
          .values({ ...input, ownerId, secret: box.seal(secret), cursor, updatedBy: actor!.personId ?? null })
          .returning();
        await audit(tx, actor, 'webhook.create', { type: 'webhook', id: row!.id }, { after: described(row!) });
        return row!.id;
      });
      return { webhook: toWebhook(await db.use((d) => load(d, id))), secret };
    },

    async update(actor: Actor | null, id: string, input: Update, precondition: Precondition = {}): Promise<Webhook> {
      authorize(actor, 'manageSettings');
      if (input.url) await checkUrl(input.url);
      const { version, owner, ...fields } = input;
      await db.transaction(async (tx) => {
        const before = (await load(tx, id)).row;
        await checkVersion(tx, actor, repo.webhookVersion(id), { ...precondition, matches: precondition.matches ?? (version ? [version] : undefined) });
        const ownerId = owner === undefined ? before.ownerId : await ownerIdOf(tx, owner);
        // Turned on again: it hears of changes from now, not of those while it was off.
        const cursor = fields.active && !before.active ? await feedEnd(tx) : before.cursor;
        const [after] = await tx
          .update(webhooks)
          .set({ ...fields, ownerId, cursor, ...bumped(webhooks, actor) })
          .where(eq(webhooks.id, id))
          .returning();
        await audit(tx, actor, 'webhook.update', { type: 'webhook', id }, { before: described(before), after: described(after!) });
      });
      return toWebhook(await db.use((d) => load(d, id)));
    },

    async remove(actor: Actor | null, id: string, precondition: Precondition = {}) {
      authorize(actor, 'manageSettings');
      await db.transaction(async (tx) => {
        const before = (await load(tx, id)).row;
        await checkVersion(tx, actor, repo.webhookVersion(id), precondition);
        await tx.delete(webhooks).where(eq(webhooks.id, id));
        await audit(tx, actor, 'webhook.delete', { type: 'webhook', id }, { before: described(before) });
      });
    },

    async deliveries(actor: Actor | null, id: string) {
      authorize(actor, 'manageSettings');
      return db.use(async (d) => {
        await load(d, id);
        return { deliveries: (await repo.deliveriesOf(d, id, WEBHOOK_LOG_SIZE)).map(toDelivery) };
      });
    },

    /** "Send test": a webhook.test message sent now, logged (and retried) like any other. */
    async sendTest(actor: Actor | null, id: string): Promise<WebhookDelivery> {
      authorize(actor, 'manageSettings');
      const at = now();
      const [delivery] = await db.use(async (d) => {
        await load(d, id);
        return d
          .insert(webhookDeliveries)
          .values({
            id: `msg_${randomUUID()}`,
            webhookId: id,
            type: 'webhook.test',
            change: null,
            nextAttemptAt: new Date(at.getTime() + LEASE_MS),
            createdAt: at,
          })
          .returning();
      });
      return attempt(delivery!);
    },

    /** One round: queue new changes, send what is due. Rounds never overlap. */
    tick(): Promise<unknown> {
      running ??= (async () => {
        try {
          const work = await db.use((d) => repo.pendingWork(d, now()));
          if (work.hooks) await enqueue();
          if (work.hooks || work.due) await deliverDue();
        } finally {
          running = null;
        }
      })();
      return running;
    },

    /** Rounds every `ms` until stop (none with 0). */
    start(ms: number) {
      if (ms <= 0 || timer) return;
      timer = setInterval(() => {
        this.tick().catch((error: unknown) => log.error({ err: error }, 'Webhook round failed'));
      }, ms);
      timer.unref();
    },

    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running?.catch(() => undefined);
    },
  };
}
