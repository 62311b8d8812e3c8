/** The sandbox's answers, by who asked (a visitor is answered differently) and the query's body. */
export const sandboxKeys = {
  all: ['sandbox'] as const,
  query: (login: string | null, body: unknown) => ['sandbox', 'query', login, body] as const,
  chart: (login: string | null, body: unknown) => ['sandbox', 'chart', login, body] as const,
  /** Projects to pick from. */
  projects: (q: string) => ['sandbox', 'projects', q] as const,
};
