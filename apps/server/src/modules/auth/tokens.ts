import { SignJWT, jwtVerify, errors } from 'jose';
import { ACCESS_TOKEN_MAX_AGE_S } from '@observatory/shared';

/** Short-lived access tokens: HS256 JWTs whose subject is the user id and whose `sid` names their session. */
export function createAccessTokens(secret: string) {
  const key = new TextEncoder().encode(secret);
  return {
    async issue(userId: string, sessionId: string): Promise<string> {
      return new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ACCESS_TOKEN_MAX_AGE_S)
        .sign(key);
    },
    /** Whose token it is and of which session; null when invalid or expired. */
    async verify(token: string): Promise<{ userId: string; sessionId: string } | null> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: new Date() });
        if (!payload.sub || typeof payload.sid !== 'string') return null;
        return { userId: payload.sub, sessionId: payload.sid };
      } catch (err) {
        if (err instanceof errors.JOSEError) return null;
        throw err;
      }
    },
  };
}
export type AccessTokens = ReturnType<typeof createAccessTokens>;
