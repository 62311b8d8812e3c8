import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotificationSettingsSchema, UnsubscribeResponseSchema } from '@observatory/shared';
import { signedIn } from '../../plugins/auth.js';

/** The longest form body a one-click unsubscribe sends ("List-Unsubscribe=One-Click", with room to spare). */
const FORM_LIMIT = 1024;

const TokenParams = z.object({ token: z.string().min(1).max(200).describe('The token of an unsubscribe link') });

/**
 * Unsubscribe links (no sign-in: the token is the permission) and the signed-in user's
 * mail settings. A one-click unsubscribe (RFC 8058) is a POST of the form body
 * `List-Unsubscribe=One-Click`, url-encoded or multipart; the parsers for those are this
 * plugin's own, so no other route takes form bodies.
 */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { notifications } = app.services;
  const tags = ['notifications'];

  // Form bodies for these two routes only: no other route takes them.
  const unsubscribeLinks: FastifyPluginAsyncZod = async (links) => {
    links.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_LIMIT }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });

    links.get(
      '/unsubscribe/:token',
      {
        schema: {
          tags,
          summary: 'What an unsubscribe link is for (changes nothing: mail scanners follow links); 404 for a token no mail carried',
          params: TokenParams,
          response: { 200: UnsubscribeResponseSchema },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return notifications.check(request.params.token, request.ip);
      },
    );
    links.post(
      '/unsubscribe/:token',
      {
        // RFC 8058 asks mail clients for multipart/form-data first; the parts are read and ignored.
        config: { upload: true },
        schema: {
          tags,
          summary:
            'Unsubscribe (one click, no sign-in): the body is List-Unsubscribe=One-Click (form-encoded or multipart), JSON or nothing; again, the same answer',
          params: TokenParams,
          response: { 200: UnsubscribeResponseSchema },
        },
      },
      async (request, reply) => {
        if (request.isMultipart()) {
          try {
            for await (const part of request.parts({ limits: { fileSize: FORM_LIMIT, fieldSize: FORM_LIMIT } })) {
              if (part.type === 'file') part.file.resume();
            }
          } catch {
            // What the body says changes nothing: the token alone unsubscribes.
          }
        }
        reply.header('cache-control', 'no-store');
        return notifications.unsubscribe(request.params.token, request.ip);
      },
    );
  };
  await app.register(unsubscribeLinks);

  app.get(
    '/auth/user/notifications',
    { onRequest: signedIn, schema: { tags, summary: 'Which e-mails the signed-in user receives', response: { 200: NotificationSettingsSchema } } },
    async (request) => notifications.getSettings(request.actor!),
  );
  app.put(
    '/auth/user/notifications',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Choose which e-mails the signed-in user receives (subscribe again after an unsubscribe link)',
        body: NotificationSettingsSchema,
        response: { 200: NotificationSettingsSchema },
      },
    },
    async (request) => notifications.updateSettings(request.actor!, request.body),
  );
};
