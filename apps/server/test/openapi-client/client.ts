/**
 * What a program written against the published OpenAPI document does: its types come from
 * openapi-typescript (generated/openapi.d.ts, made by openapi-tools.api.test.ts from the
 * running server's document), its calls go through openapi-fetch. The test compiles this
 * file against those types, then runs it against the server.
 */
import createClient from 'openapi-fetch';
import type { components, paths } from './generated/openapi.js';

type Project = components['schemas']['Project'];
type Note = components['schemas']['Note'];

/** Fails with the server's own error message. */
function answered<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.data === undefined) throw new Error(`${result.response.status}: ${JSON.stringify(result.error)}`);
  return result.data;
}

export async function tour(baseUrl: string, account: { username: string; password: string }, objectName: string) {
  const client = createClient<paths>({ baseUrl });

  const listed = answered(await client.GET('/api/v1/projects', { params: { query: { sort: 'title' } } }));
  const first: Project = listed.projects[0]!;
  // @ts-expect-error A project has no such field: the answer is typed, not `any`.
  void first.noSuchField;

  const detail = answered(await client.GET('/api/v1/projects/{id}', { params: { path: { id: first.slug } } }));

  const token = answered(await client.POST('/api/v1/auth/login', { body: { username: account.username, password: account.password } }));
  client.use({
    onRequest: ({ request }) => {
      request.headers.set('Authorization', `Bearer ${token.access_token}`);
      return request;
    },
  });

  // @ts-expect-error A note's text is `content`: a wrong body does not compile.
  void (() => client.POST('/api/v1/data/obj/{key}/notes', { params: { path: { key: objectName } }, body: { text: 'x' } }));
  const note: Note = answered(
    await client.POST('/api/v1/data/obj/{key}/notes', { params: { path: { key: objectName } }, body: { content: 'Logger read out; battery at 60 %' } }),
  );
  const notes = answered(await client.GET('/api/v1/data/obj/{key}/notes', { params: { path: { key: objectName } } }));

  return { titles: listed.projects.map((p) => p.title), detail: detail.project, note, notes };
}
