import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_ROOT,
  AuthUserResponseSchema,
  LoginInputSchema,
  NewPasswordSchema,
  PasswordChangeSchema,
  REFRESH_COOKIE,
  REFRESH_TOKEN_MAX_AGE_S,
  ResetCodeCheckSchema,
  ResetRequestedSchema,
  ResetRequestSchema,
  TokenResponseSchema,
  UserSessionsResponseSchema,
} from '@observatory/shared';
import { sessionUserOf } from '../../authz/policy.js';
import { DEVICE_COOKIE_MAX_AGE_S } from '../../lib/device-cookies.js';
import { signedIn, signedInInPerson } from '../../plugins/auth.js';
import type { Session } from './service.js';

/** The device cookie (lib/device-cookies.ts), sent only to the sign-in routes. */
const DEVICE_COOKIE = 'device';

/** The routes that read the sign-in cookies: no CORS, and refused when sent from another site (plugins/cors.ts). */
const COOKIE_ROUTE = { sameOriginOnly: true };

const CodeParams = z.object({ code: z.string().min(10).max(200) });

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { auth } = app.services;
  const secure = app.config.publicUrl.startsWith('https:');
  const tags = ['auth'];

  /**
   * The refresh cookie: httpOnly, SameSite=Strict, Path=/, Secure behind https. Kept
   * signed in, it lasts 60 days; otherwise it is a session cookie, gone when the browser
   * closes (the server's idle and absolute limits bound it where browsers restore them).
   */
  function setSession(reply: FastifyReply, session: Session) {
    reply.setCookie(REFRESH_COOKIE, session.refresh, {
      httpOnly: true,
      sameSite: 'strict',
      path: '/',
      secure,
      ...(session.remember ? { maxAge: REFRESH_TOKEN_MAX_AGE_S } : {}),
    });
    reply.header('cache-control', 'no-store');
    return session.token;
  }

  app.post(
    '/auth/login',
    {
      config: COOKIE_ROUTE,
      schema: {
        tags,
        summary: 'Sign in with username or e-mail and password',
        description:
          'Sets the refresh cookie: with remember: true it keeps the user signed in for 60 days; without, it ends with the browser (and after the idle and absolute limits). Also sets the device cookie that keeps this browser its own allowance of failed sign-ins.',
        body: LoginInputSchema,
        response: { 200: TokenResponseSchema },
      },
    },
    async (request, reply) => {
      const session = await auth.login(request.body, { ip: request.ip, device: request.cookies[DEVICE_COOKIE], userAgent: request.headers['user-agent'] });
      reply.setCookie(DEVICE_COOKIE, session.device, { httpOnly: true, sameSite: 'strict', path: `${API_ROOT}/auth`, secure, maxAge: DEVICE_COOKIE_MAX_AGE_S });
      return setSession(reply, session);
    },
  );

  app.post(
    '/auth/refresh',
    {
      config: COOKIE_ROUTE,
      schema: {
        tags,
        summary: 'Exchange the refresh cookie for a new access token (the cookie rotates)',
        response: { 200: TokenResponseSchema },
      },
    },
    async (request, reply) => {
      try {
        return setSession(reply, await auth.refresh(request.cookies[REFRESH_COOKIE]));
      } catch (err) {
        reply.clearCookie(REFRESH_COOKIE, { path: '/' });
        throw err;
      }
    },
  );

  app.post(
    '/auth/logout',
    {
      config: COOKIE_ROUTE,
      schema: {
        tags,
        summary: 'Sign out: end the session of the refresh cookie (or of the access token sent), its access tokens at once',
        response: { 204: z.undefined().describe('No content') },
      },
    },
    async (request, reply) => {
      const current = request.actor && request.sessionId ? { userId: request.actor.userId, sessionId: request.sessionId } : null;
      await auth.logout(request.cookies[REFRESH_COOKIE], current);
      reply.clearCookie(REFRESH_COOKIE, { path: '/' });
      return reply.status(204).send();
    },
  );

  app.post(
    '/auth/logout-all',
    {
      onRequest: signedInInPerson,
      schema: { tags, summary: 'Sign out everywhere: end every session of the signed-in user', response: { 204: z.undefined().describe('No content') } },
    },
    async (request, reply) => {
      await auth.logoutEverywhere(request.actor!.userId);
      reply.clearCookie(REFRESH_COOKIE, { path: '/' });
      return reply.status(204).send();
    },
  );

  app.put(
    '/auth/password',
    {
      onRequest: signedInInPerson,
      schema: {
        tags,
        summary: 'Change the password (needs the current one); every session ends at once',
        description:
          'Every session of the user ends, access tokens included; this browser goes on in a new session: the answer is its access token, and it sets a new refresh cookie.',
        body: PasswordChangeSchema,
        response: { 200: TokenResponseSchema },
      },
    },
    async (request, reply) => {
      const client = { ip: request.ip, device: undefined, userAgent: request.headers['user-agent'], sessionId: request.sessionId! };
      return setSession(reply, await auth.changePassword(request.actor!.userId, request.body, client));
    },
  );

  app.get(
    '/auth/sessions',
    {
      onRequest: signedInInPerson,
      schema: {
        tags,
        summary: "The signed-in user's sessions still going (device, address, last use), this one marked",
        response: { 200: UserSessionsResponseSchema },
      },
    },
    async (request) => ({ sessions: await auth.listSessions(request.actor!.userId, request.sessionId) }),
  );

  app.delete(
    '/auth/sessions/:id',
    {
      onRequest: signedInInPerson,
      schema: {
        tags,
        summary: 'Sign one of your sessions out: its access tokens stop working at once',
        params: z.object({ id: z.uuid() }),
        response: { 204: z.undefined().describe('No content') },
      },
    },
    async (request, reply) => {
      await auth.endSession(request.actor!.userId, request.params.id);
      if (request.params.id === request.sessionId) reply.clearCookie(REFRESH_COOKIE, { path: '/' });
      return reply.status(204).send();
    },
  );

  app.get(
    '/auth/user',
    { onRequest: signedIn, schema: { tags, summary: 'The signed-in user', response: { 200: AuthUserResponseSchema } } },
    async (request) => ({ user: sessionUserOf(request.actor!) }),
  );

  app.post(
    '/auth/reset',
    {
      schema: {
        tags,
        summary: 'Ask for a password-reset e-mail',
        description: 'Always answers 202, whether or not the account exists.',
        body: ResetRequestSchema,
        response: { 202: ResetRequestedSchema },
      },
    },
    async (request, reply) => {
      await auth.requestReset(request.body.login, request.ip);
      return reply.status(202).send({ message: 'If the account exists, a reset link is on its way by e-mail.' });
    },
  );

  app.get(
    '/auth/reset/:code',
    { schema: { tags, summary: 'Check a reset code', params: CodeParams, response: { 200: ResetCodeCheckSchema } } },
    async (request) => auth.checkReset(request.params.code, request.ip),
  );

  app.post(
    '/auth/reset/:code',
    {
      schema: {
        tags,
        summary: 'Set a new password with a reset code (single use; ends every session)',
        params: CodeParams,
        body: NewPasswordSchema,
        response: { 204: z.undefined().describe('No content') },
      },
    },
    async (request, reply) => {
      await auth.completeReset(request.params.code, request.body.password, request.ip);
      return reply.status(204).send();
    },
  );
};
