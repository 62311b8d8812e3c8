import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { signedIn, signedInInPerson } from '../plugins/auth.js';

type Transform = NonNullable<FastifyDynamicSwaggerOptions['transform']>;
type Requirements = Record<string, string[]>[];

/** Sent with or without a token: a visitor is answered what is public, a caller what they may see. */
export const OPTIONAL_AUTH: Requirements = [{}, { bearer: [] }];
/** A visitor is answered 401 before anything is looked up. */
export const SIGNED_IN: Requirements = [{ bearer: [] }];

const SIGN_IN_HOOKS: readonly unknown[] = [signedIn, signedInInPerson];

/** Whether the route answers a visitor 401 at once: its onRequest hooks include a sign-in check. */
function needsSignIn(hooks: unknown): boolean {
  return [hooks].flat().some((hook) => SIGN_IN_HOOKS.includes(hook));
}

/**
 * Each operation says whether it takes a visitor, from its route's own sign-in hook
 * (plugins/auth's `signedIn`): the document declares no global requirement, which would
 * mark every public read token-only.
 */
export function withRouteSecurity(transform: Transform): Transform {
  return (input) => {
    const result = transform(input);
    const security = structuredClone(needsSignIn(input.route.onRequest) ? SIGNED_IN : OPTIONAL_AUTH);
    return { ...result, schema: { ...(result.schema ?? input.schema), security } };
  };
}
