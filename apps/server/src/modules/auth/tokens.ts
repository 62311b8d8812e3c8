import { SignJWT, jwtVerify, errors } from 'jose';
import { ACCESS_TOKEN_MAX_AGE_S } from '@observatory/shared';

/** Short-lived access tokens: HS256 JWTs whose subject is the user id. */
export function createAccessTokens(secret: string) {
  const key = new TextEncoder().encode(secret);
  return {
    async issue(userId: string): Promise<string> {
      return new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ACCESS_TOKEN_MAX_AGE_S)
        .sign(key);
    },
    /** The user id, or null when the token is invalid or expired. */
    async verify(token: string): Promise<string | null> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: new Date() });
        return payload.sub ?? null;
      } catch (err) {
        if (err instanceof errors.JOSEError) return null;
        throw err;
      }
    },
  };
}
export type AccessTokens = ReturnType<typeof createAccessTokens>;
