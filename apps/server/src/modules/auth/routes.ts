import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AuthUserResponseSchema,
  GLOBAL_PERMISSIONS,
  LoginInputSchema,
  NewPasswordSchema,
  PasswordChangeSchema,
  REFRESH_COOKIE,
  REFRESH_TOKEN_MAX_AGE_S,
  ResetCodeCheckSchema,
  ResetRequestedSchema,
  ResetRequestSchema,
  TokenResponseSchema,
} from '@observatory/shared';
import { globalPermissionsOf } from '../../authz/policy.js';
import { requireActor } from '../../authz/authorize.js';
import { signedInInPerson } from '../../plugins/auth.js';
import type { Session } from './service.js';

const CodeParams = z.object({ code: z.string().min(10).max(200) });

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { auth } = app.services;
  const secure = app.config.publicUrl.startsWith('https:');
  const tags = ['auth'];

  /** The refresh cookie: httpOnly, SameSite=Strict, Path=/, Secure behind https. */
  function setSession(reply: FastifyReply, session: Session) {
    if (session.refresh) {
      reply.setCookie(REFRESH_COOKIE, session.refresh, {
        httpOnly: true,
        sameSite: 'strict',
        path: '/',
        secure,
        maxAge: REFRESH_TOKEN_MAX_AGE_S,
      });
    } else {
      reply.clearCookie(REFRESH_COOKIE, { path: '/' });
    }
    reply.header('cache-control', 'no-store');
    return session.token;
  }

  app.post(
    '/auth/login',
    {
      schema: {
        tags,
        summary: 'Sign in with username or e-mail and password',
        description: 'With remember: true a refresh cookie keeps the user signed in for 60 days.',
        body: LoginInputSchema,
        response: { 200: TokenResponseSchema },
      },
    },
    async (request, reply) => setSession(reply, await auth.login(request.body, request.ip)),
  );

  app.post(
    '/auth/refresh',
    {
      schema: {
        tags,
        summary: 'Exchange the refresh cookie for a new access token (the cookie rotates)',
        response: { 200: TokenResponseSchema },
      },
    },
    async (request, reply) => {
      try {
        return setSession(reply, await auth.refresh(request.cookies[REFRESH_COOKIE], request.ip));
      } catch (err) {
        reply.clearCookie(REFRESH_COOKIE, { path: '/' });
        throw err;
      }
    },
  );

  app.post(
    '/auth/logout',
    { schema: { tags, summary: 'Sign out: revoke the refresh cookie' } },
    async (request, reply) => {
      await auth.logout(request.cookies[REFRESH_COOKIE]);
      reply.clearCookie(REFRESH_COOKIE, { path: '/' });
      return reply.status(204).send();
    },
  );

  app.post(
    '/auth/logout-all',
    { onRequest: signedInInPerson, schema: { tags, summary: 'Sign out everywhere: end every session of the signed-in user' } },
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
        summary: 'Change the password (needs the current one); other sessions end',
        body: PasswordChangeSchema,
      },
    },
    async (request, reply) => {
      await auth.changePassword(request.actor!.userId, request.body, request.cookies[REFRESH_COOKIE]);
      return reply.status(204).send();
    },
  );

  app.get(
    '/auth/user',
    { schema: { tags, summary: 'The signed-in user', response: { 200: AuthUserResponseSchema } } },
    async (request) => {
      const actor = requireActor(request.actor);
      return {
        user: { username: actor.username, permissions: globalPermissionsOf(actor, GLOBAL_PERMISSIONS), super: actor.super },
      };
    },
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
      },
    },
    async (request, reply) => {
      await auth.completeReset(request.params.code, request.body.password, request.ip);
      return reply.status(204).send();
    },
  );
};
