import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import rule from './query-key-factories.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2023, sourceType: 'module' } });
const inline = { messageId: 'inline' };

tester.run('query-key-factories', rule, {
  valid: [
    'useQuery({ queryKey: projectKeys.detail(slug), queryFn });',
    'queryOptions({ queryKey: unitKeys.all, queryFn: fetchUnits });',
    'client.invalidateQueries({ queryKey: projectKeys.all });',
    'client.invalidateQueries({ predicate: (q) => !isUnder(q.queryKey, appConfigKeys.all) });',
    'client.setQueryData(projectKeys.updates(slug), []);',
    'useMutation({ mutationKey: authorLinkMutationKey, mutationFn });',
    // Arrays that are no keys: a query's data, a list of names.
    "client.setQueryData(projectKeys.detail('p'), ['a', 'b']);",
    "const TEXT_KEYS = ['q', 'person', 'type'] as const;",
    "const columns = ['name', 'slug'];",
    "const options = { data: ['a'], queryFn };",
  ],
  invalid: [
    { code: "useQuery({ queryKey: ['project', slug], queryFn });", errors: [inline] },
    { code: "queryOptions({ queryKey: ['pubs', 'list', query, page] as const, queryFn });", errors: [inline] },
    { code: "client.invalidateQueries({ queryKey: ['teams'] });", errors: [inline] },
    { code: "client.invalidateQueries({ queryKey: [...nodesKey, 'roots'] });", errors: [inline] },
    { code: "client.removeQueries({ queryKey: ['insights', 'search'] });", errors: [inline] },
    { code: "client.setQueriesData({ queryKey: ['insight'] }, update);", errors: [inline] },
    { code: "client.setQueryData(['updates', 'p'], []);", errors: [inline] },
    { code: "client.getQueryData<ProjectUpdate[]>(['updates', 'p']);", errors: [inline] },
    { code: "client.getQueryState(['asset', id]);", errors: [inline] },
    { code: "useQueries({ queries: slugs.map((slug) => ({ queryKey: ['objects', 'count', { type: slug }], queryFn })) });", errors: [inline] },
    { code: "useMutationState({ filters: { mutationKey: ['photo', id] } });", errors: [inline] },
    { code: "const key = ['team', slug];", errors: [inline] },
    { code: "export const suggestionsKey = ['pubs', 'suggestions'] as const;", errors: [inline] },
    { code: "export const AUTHOR_LINK_KEY = ['pub-author-link'] as const;", errors: [inline] },
  ],
});
