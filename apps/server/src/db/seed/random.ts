/**
 * A small seeded pseudo-random generator (mulberry32) for the demo data: the same seed
 * gives the same sequence on every run and every machine, so the demo set is reproducible.
 */
export interface Random {
  /** In [0, 1). */
  next(): number;
  /** A number in [min, max). */
  between(min: number, max: number): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  /** `n` different items, in the order they were drawn. */
  sample<T>(items: readonly T[], n: number): T[];
  chance(probability: number): boolean;
}

/** A seed from a text (FNV-1a), so each demo entry draws from a sequence of its own. */
export function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

export function createRandom(seed: number | string): Random {
  let state = typeof seed === 'string' ? seedOf(seed) : seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    between: (min, max) => min + next() * (max - min),
    int,
    pick: (items) => items[int(0, items.length - 1)]!,
    sample: (items, n) => {
      const pool = [...items];
      const drawn = [];
      while (drawn.length < n && pool.length) drawn.push(pool.splice(int(0, pool.length - 1), 1)[0]!);
      return drawn;
    },
    chance: (probability) => next() < probability,
  };
}
