import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { mailSubscriptions, people, unsubscribeTokens, users } from '../../db/schema/index.js';

/** Where a person's mail goes: their account's e-mail (none without an account), whether it is disabled, and their name. */
export async function recipient(d: Db, personId: string): Promise<{ email: string | null; disabled: boolean; name: string } | null> {
  const [row] = await d
    .select({ email: users.email, disabled: users.disabled, name: people.name })
    .from(people)
    .innerJoin(users, eq(users.personId, people.id))
    .where(eq(people.id, personId));
  return row ?? null;
}

/** The stored choice of a person about a topic: null when they never chose (subscribed). */
export async function subscription(d: Db, personId: string, topic: string): Promise<boolean | null> {
  const [row] = await d
    .select({ subscribed: mailSubscriptions.subscribed })
    .from(mailSubscriptions)
    .where(and(eq(mailSubscriptions.personId, personId), eq(mailSubscriptions.topic, topic)));
  return row?.subscribed ?? null;
}

export async function setSubscription(d: Db, personId: string, topic: string, subscribed: boolean): Promise<void> {
  await d
    .insert(mailSubscriptions)
    .values({ personId, topic, subscribed })
    .onConflictDoUpdate({ target: [mailSubscriptions.personId, mailSubscriptions.topic], set: { subscribed, updatedAt: new Date() } });
}

export async function insertToken(d: Db, values: { tokenHash: string; personId: string; topic: string }): Promise<void> {
  await d.insert(unsubscribeTokens).values(values);
}

/** The person and topic of a token, by its hash (one index lookup, whatever the token), with the person's name. */
export async function findToken(d: Db, tokenHash: string): Promise<{ personId: string; topic: string; name: string } | null> {
  const [row] = await d
    .select({ personId: unsubscribeTokens.personId, topic: unsubscribeTokens.topic, name: people.name })
    .from(unsubscribeTokens)
    .innerJoin(people, eq(people.id, unsubscribeTokens.personId))
    .where(eq(unsubscribeTokens.tokenHash, tokenHash));
  return row ?? null;
}
