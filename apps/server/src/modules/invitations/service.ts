import { INVITATION_TTL_S, type InvitationCreateSchema } from '@observatory/shared';
import type { z } from 'zod';
import { authorize, type Actor } from '../../authz/authorize.js';
import type { Database } from '../../db/client.js';
import { AppError, invalidField, notFound } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mail.js';
import type { PasswordHasher } from '../../lib/passwords.js';
import { audit } from '../../lib/audit.js';
import { hashSecret, newSecret } from '../../lib/secrets.js';
import type { PeopleService } from '../people/index.js';
import { toInvitation, type UsersService } from '../users/index.js';
import * as repo from './repo.js';

const BAD_CODE = 'This invitation is invalid, has expired or was already used';

export function createInvitationsService(deps: {
  db: Database;
  people: PeopleService;
  users: UsersService;
  hasher: PasswordHasher;
  mailer: Mailer;
  publicUrl: string;
  productName: string;
}) {
  const { db, people, users } = deps;

  async function findOpen(code: string) {
    const found = await db.use((d) => repo.findByCode(d, hashSecret(code)));
    const inv = found?.invitation;
    if (!found || !inv || inv.acceptedAt || inv.expiresAt.getTime() <= Date.now()) throw new AppError('NOT_FOUND', BAD_CODE);
    return found;
  }

  return {
    /** An administrator invites a person (new or existing) by e-mail; the code is valid 14 days. */
    async invite(actor: Actor | null, input: z.output<typeof InvitationCreateSchema>) {
      authorize(actor, 'manageUsers');
      const code = newSecret();
      const { invitation, name } = await db.transaction(async (tx) => {
        let person;
        if (input.personId) {
          person = await people.findById(input.personId);
          if (!person) throw notFound('Person');
          if (await repo.personHasUser(tx, person.id)) throw new AppError('CONFLICT', 'This person already has an account');
        } else {
          if (!input.name) throw invalidField('body.name', 'Give a name, or the personId of an existing person');
          person = await people.createPersonRecord(tx, { name: input.name, email: input.email });
        }
        const row = await repo.insertInvitation(tx, {
          personId: person.id,
          email: input.email,
          codeHash: hashSecret(code),
          invitedBy: actor!.userId,
          expiresAt: new Date(Date.now() + INVITATION_TTL_S * 1000),
        });
        await audit(tx, actor, 'invitation.create', { type: 'person', id: person.id }, { after: { email: input.email, expiresAt: row.expiresAt } });
        return { invitation: row, name: person.name };
      });
      await deps.mailer.send({
        to: input.email,
        subject: `You are invited to ${deps.productName}`,
        text: `Hello ${name},\n\nYou are invited to join ${deps.productName}. Choose a username and password here (the link works for 14 days):\n${deps.publicUrl}/invitation/${code}\n`,
      });
      return toInvitation(invitation, name);
    },

    /** An administrator creates an account directly (with a password to hand over). */
    async createAccount(actor: Actor | null, input: { name: string; username: string; email?: string | null | undefined; password: string }) {
      authorize(actor, 'manageUsers');
      const passwordHash = await deps.hasher.hash(input.password);
      return db.transaction(async (tx) => {
        const person = await people.createPersonRecord(tx, { name: input.name, slug: input.username, email: input.email ?? null });
        const user = await users.createUser({ personId: person.id, username: input.username, email: input.email ?? null, passwordHash });
        await audit(tx, actor, 'user.create', { type: 'user', id: user.id }, { after: { username: user.username, personId: person.id } });
        return users.getUser(actor, user.username);
      });
    },

    async check(code: string) {
      const { invitation, name } = await findOpen(code);
      return toInvitation(invitation, name);
    },

    /** Accepting creates the account: username and password of the person's choice. */
    async accept(code: string, input: { username: string; password: string }) {
      const { invitation } = await findOpen(code);
      const passwordHash = await deps.hasher.hash(input.password);
      return db.transaction(async (tx) => {
        if (!(await repo.markAccepted(tx, invitation.id))) throw new AppError('NOT_FOUND', BAD_CODE);
        const user = await users.createUser({
          personId: invitation.personId,
          username: input.username,
          email: invitation.email,
          passwordHash,
        });
        await audit(
          tx,
          { userId: user.id },
          'invitation.accept',
          { type: 'user', id: user.id },
          { after: { username: user.username, personId: invitation.personId } },
        );
        return { username: user.username };
      });
    },
  };
}
