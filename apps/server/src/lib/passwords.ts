import { hash, verify, type Options } from '@node-rs/argon2';

/** Algorithm.Argon2id (a const enum, which isolated modules cannot read). */
const ARGON2ID = 2 as NonNullable<Options['algorithm']>;

export interface Argon2Cost {
  memoryCost: number;
  timeCost: number;
}

/** argon2id; production uses OWASP's minimum (19 MiB, 2 passes, 1 lane). */
export function createPasswordHasher(cost: Argon2Cost) {
  const options = { algorithm: ARGON2ID, memoryCost: cost.memoryCost, timeCost: cost.timeCost, parallelism: 1 };
  let dummy: Promise<string> | null = null;
  return {
    hash: (password: string) => hash(password, options),
    async verify(storedHash: string | null, password: string): Promise<boolean> {
      // An unknown user still costs one verification, so timing does not tell who exists.
      dummy ??= hash('not-a-real-password', options);
      const target = storedHash ?? (await dummy);
      try {
        const ok = await verify(target, password);
        return ok && storedHash !== null;
      } catch {
        return false;
      }
    },
  };
}
export type PasswordHasher = ReturnType<typeof createPasswordHasher>;
