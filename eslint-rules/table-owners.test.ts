import fs from 'node:fs';
import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { SHARED_READS, TABLE_OWNERS } from './server-tables.js';
import rule from './table-owners.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const server = '/repo/apps/server/src';
const options = [
  {
    owners: { projects: ['projects', 'projectFiles'], people: ['people'], assets: ['assets'] },
    sharedReads: [{ tables: ['people'], readers: '*', reason: 'who made a row is shown beside it, read in the same statement' }],
  },
];
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2023, sourceType: 'module' } });

tester.run('table-owners', rule, {
  valid: [
    { filename: `${server}/modules/projects/repo.ts`, options, code: "import { projects } from '../../db/schema/index.js';\ndb.insert(projects);" },
    {
      filename: `${server}/modules/projects/files/repo.ts`,
      options,
      code: "import { projectFiles } from '../../../db/schema/index.js';\ndb.delete(projectFiles);",
    },
    { filename: `${server}/modules/projects/repo.ts`, options, code: "import { people } from '../../db/schema/index.js';\ndb.select().from(people);" },
    { filename: `${server}/modules/projects/repo.ts`, options, code: "import { type AssetVariant } from '../../db/schema/index.js';" },
    // Tests and files outside modules are not held to it.
    { filename: `${server}/modules/projects/routes.api.test.ts`, options, code: "import { assets } from '../../db/schema/index.js';\ndb.insert(assets);" },
    { filename: `${server}/lib/audit.ts`, options, code: "import { assets } from '../db/schema/index.js';" },
    { filename: `${server}/db/schema/people.ts`, options, code: "export const people = pgTable('people', {});" },
  ],
  invalid: [
    {
      filename: `${server}/modules/people/repo.ts`,
      options,
      code: "import { projects } from '../../db/schema/index.js';",
      errors: [{ messageId: 'notOwned' }],
    },
    {
      filename: `${server}/modules/people/repo.ts`,
      options,
      code: "import { assets as a } from '../../db/schema/people.js';",
      errors: [{ messageId: 'notOwned' }],
    },
    {
      filename: `${server}/modules/projects/repo.ts`,
      options,
      code: "import * as schema from '../../db/schema/index.js';",
      errors: [{ messageId: 'namespace' }],
    },
    {
      filename: `${server}/modules/projects/repo.ts`,
      options,
      code: "import { people as p } from '../../db/schema/index.js';\ntx.update(p).set({});\nd.insert(p);\ndb.delete(p);",
      errors: [{ messageId: 'write' }, { messageId: 'write' }, { messageId: 'write' }],
    },
    {
      filename: `${server}/modules/projects/repo.ts`,
      options,
      code: "import { people } from '../../db/schema/index.js';\nsql`update ${people} set name = ''`;\nsql`delete from ${people}`;\nsql`insert into ${people} values (1)`;",
      errors: [{ messageId: 'write' }, { messageId: 'write' }, { messageId: 'write' }],
    },
    { filename: `${server}/db/schema/teams.ts`, options, code: "export const teams = pgTable('teams', {});", errors: [{ messageId: 'noOwner' }] },
  ],
});

describe('the server’s table owners', () => {
  const schemaDir = path.join(import.meta.dirname, '../apps/server/src/db/schema');
  const tables = fs
    .readdirSync(schemaDir)
    .flatMap((f) => [...fs.readFileSync(path.join(schemaDir, f), 'utf8').matchAll(/export const (\w+) = pgTable\(/g)].map((m) => m[1]));

  it('name each table once, and only tables that exist', () => {
    const owned = Object.values(TABLE_OWNERS).flat();
    expect(new Set(owned).size).toBe(owned.length);
    expect([...owned].sort()).toEqual([...tables].sort());
  });

  it('allow at most ten shared reads, each of tables that exist, by modules that exist, with its reason', () => {
    expect(SHARED_READS.length).toBeLessThanOrEqual(10);
    const modules = new Set(fs.readdirSync(path.join(import.meta.dirname, '../apps/server/src/modules')));
    for (const read of SHARED_READS) {
      expect(read.reason.length).toBeGreaterThan(40);
      if (read.tables !== '*') for (const t of read.tables) expect(tables).toContain(t);
      if (read.readers !== '*') for (const m of read.readers) expect(modules.has(m), m).toBe(true);
    }
    expect(Object.keys(TABLE_OWNERS).every((m) => modules.has(m))).toBe(true);
  });
});
