import type { FastifyBaseLogger } from 'fastify';
import { API_ROOT, MAIL_TOPICS, type MailTopic, type NotificationSettings } from '@observatory/shared';
import { authorize, type Actor } from '../../authz/authorize.js';
import { resourceOf } from '../../authz/lookup.js';
import type { Database, Db } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mail.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import { hashSecret, newSecret } from '../../lib/secrets.js';
import * as repo from './repo.js';

/** The answer to a token no mail carried: the same for every one, so it tells nothing of the tokens that exist. */
export const UNKNOWN_LINK = 'This unsubscribe link is not known: it may be mistyped, or from another site';

/** The setting (GET/PUT auth/user/notifications) of each topic. */
const SETTING: Record<MailTopic, keyof NotificationSettings> = { 'insight-comments': 'insightComments' };

/** What a message about a topic says, given its recipient's name and the address of the page that unsubscribes them. */
export type Compose = (to: { name: string }, unsubscribeUrl: string) => { subject: string; text: string };

/**
 * Mail people may unsubscribe from (MAIL_TOPICS). Every message carries its own
 * unsubscribe token: 256 random bits, kept as SHA-256, good for one person and one topic,
 * in the text (the web page /unsubscribe/{token}) and in the List-Unsubscribe headers of
 * RFC 2369 and RFC 8058 (one-click POST to the API). A person is subscribed until they
 * unsubscribe; they subscribe again from their account (auth/user/notifications).
 */
export function createNotificationsService(deps: {
  db: Database;
  mailer: Mailer;
  log: FastifyBaseLogger;
  publicUrl: string;
  /** Unknown tokens are counted per address: past `perIp` in a window, 429. */
  limiter: RateLimiter;
  perIp: number;
}) {
  const { db, mailer, log, publicUrl, limiter } = deps;

  const subscribedIn = async (d: Db, personId: string, topic: MailTopic) => (await repo.subscription(d, personId, topic)) ?? true;

  /** The person and topic of a token. Unknown tokens count against the caller's address, so guessing is slow as well as hopeless. */
  async function findToken(token: string, ip: string) {
    const key = `unsubscribe:ip:${ip}`;
    const retryAfter = await limiter.over(key, deps.perIp);
    if (retryAfter !== null)
      throw new AppError('RATE_LIMITED', `Too many attempts; try again in ${retryAfter} s`, { headers: { 'retry-after': String(retryAfter) } });
    const found = await db.use((d) => repo.findToken(d, hashSecret(token)));
    if (!found || !(MAIL_TOPICS as readonly string[]).includes(found.topic)) {
      await limiter.hit(key, Number.MAX_SAFE_INTEGER);
      throw new AppError('NOT_FOUND', UNKNOWN_LINK);
    }
    return { ...found, topic: found.topic as MailTopic };
  }

  /** The signed-in person, as the policy sees them: their own settings need edit on themselves (an API key needs edit too). */
  const self = (actor: Actor) => resourceOf('person', { id: actor.personId });

  async function settingsIn(d: Db, personId: string): Promise<NotificationSettings> {
    const settings = {} as NotificationSettings;
    for (const topic of MAIL_TOPICS) settings[SETTING[topic]] = await subscribedIn(d, personId, topic);
    return settings;
  }

  return {
    /**
     * Mails a person about a topic, unless they have no account with an e-mail address,
     * their account is disabled, or they unsubscribed. Never throws: a message that cannot
     * go is logged, and whatever caused it has happened all the same. Answers whether it went.
     */
    async send(topic: MailTopic, personId: string, compose: Compose): Promise<boolean> {
      try {
        const token = newSecret();
        const to = await db.transaction(async (tx) => {
          const found = await repo.recipient(tx, personId);
          if (!found?.email || found.disabled || !(await subscribedIn(tx, personId, topic))) return null;
          await repo.insertToken(tx, { tokenHash: hashSecret(token), personId, topic });
          return { email: found.email, name: found.name };
        });
        if (!to) return false;
        const { subject, text } = compose({ name: to.name }, `${publicUrl}/unsubscribe/${token}`);
        await mailer.send({
          to: to.email,
          // One line, whatever a title holds.
          subject: subject.replace(/\s+/g, ' ').trim(),
          text,
          headers: { 'List-Unsubscribe': `<${publicUrl}${API_ROOT}/unsubscribe/${token}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
        });
        return true;
      } catch (err) {
        log.warn({ err, topic, personId }, 'A notification could not be sent');
        return false;
      }
    },

    /** What a token is for, changing nothing (mail scanners follow links). */
    async check(token: string, ip: string) {
      const found = await findToken(token, ip);
      const subscribed = await db.use((d) => subscribedIn(d, found.personId, found.topic));
      return { subscription: { topic: found.topic, subscribed, name: found.name } };
    },

    /** One click, no sign-in: unsubscribes the token's person from its topic; again, it answers the same. */
    async unsubscribe(token: string, ip: string) {
      const found = await findToken(token, ip);
      await db.transaction(async (tx) => {
        if (!(await subscribedIn(tx, found.personId, found.topic))) return;
        await repo.setSubscription(tx, found.personId, found.topic, false);
        await audit(tx, null, 'mail.unsubscribe', { type: 'person', id: found.personId }, { after: { topic: found.topic } });
      });
      return { subscription: { topic: found.topic, subscribed: false, name: found.name } };
    },

    /** The signed-in user's mail settings. */
    async getSettings(actor: Actor): Promise<NotificationSettings> {
      return db.use((d) => settingsIn(d, actor.personId));
    },

    /** Sets the signed-in user's mail settings (subscribing again after an unsubscribe link). */
    async updateSettings(actor: Actor, input: NotificationSettings): Promise<NotificationSettings> {
      authorize(actor, 'edit', self(actor), 'Person');
      return db.transaction(async (tx) => {
        const before = await settingsIn(tx, actor.personId);
        for (const topic of MAIL_TOPICS) {
          const wanted = input[SETTING[topic]];
          if (wanted !== before[SETTING[topic]]) await repo.setSubscription(tx, actor.personId, topic, wanted);
        }
        await audit(tx, actor, 'mail.settings', { type: 'person', id: actor.personId }, { before, after: input });
        return settingsIn(tx, actor.personId);
      });
    },
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
