import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cycleThrough } from './no-import-cycle.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-cycle-'));
const write = (name: string, text: string) => fs.writeFileSync(path.join(dir, name), text);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

// The schema's old circle: assets -> users -> people -> assets.
write('assets.ts', "import { users } from './users.js';\nexport const assets = () => users;\n");
write('users.ts', "import { sql } from 'drizzle-orm';\nimport {\n  people,\n} from './people.js';\nexport const users = () => [people, sql];\n");
write('people.ts', "import { assets } from './assets.js';\nexport const people = () => assets;\n");
// Type-only imports and a line after a value import do not close a circle.
write('service.ts', "import type { Notes } from './notes.js';\nexport const service = (n: Notes) => n;\n");
write('notes.ts', "import { service } from './service.js';\nexport type Notes = typeof service;\n");
// Directories resolve to their index; a dynamic import counts.
fs.mkdirSync(path.join(dir, 'schema'));
write('schema/index.ts', "export * from '../client.js';\n");
write('client.ts', "export const open = () => import('./schema/index.js');\n");

// The web's way: no extension, .tsx files, a folder's index.tsx, a lazy editor that imported its wrapper back.
fs.mkdirSync(path.join(dir, 'web', 'pickers'), { recursive: true });
write('web/LazyEditor.tsx', "import type { Props } from './Editor';\nconst Editor = lazy(() => import('./Editor'));\n");
write('web/Editor.tsx', "import { HEIGHT } from './LazyEditor';\nimport { Picker } from './pickers';\n");
write('web/pickers/index.tsx', "export { Picker } from '../Picker';\n");
write('web/Picker.tsx', "import styles from './Picker.module.css';\nimport { api } from './api';\n");
write('web/Picker.module.css', '.x {}\n');
write('web/api.ts', "import type { Picker } from './Picker';\nexport const api = 1;\n");
write('web/Form.tsx', "import { Picker } from './pickers';\n");
write('web/Page.tsx', "import { Form } from './Form';\nimport { EditorPage } from './Page.lazy';\n");
write('web/Page.lazy.tsx', "export { Page } from './Page';\n");

describe('cycleThrough', () => {
  it('finds a circle of three, however the import is written', () => {
    expect(cycleThrough(path.join(dir, 'assets.ts'))?.map((f) => path.basename(f))).toEqual(['assets.ts', 'users.ts', 'people.ts', 'assets.ts']);
  });

  it('leaves type-only imports out', () => {
    expect(cycleThrough(path.join(dir, 'service.ts'))).toBeNull();
    expect(cycleThrough(path.join(dir, 'notes.ts'))).toBeNull();
  });

  it('follows directory imports and dynamic imports', () => {
    expect(cycleThrough(path.join(dir, 'client.ts'))?.map((f) => path.relative(dir, f))).toEqual(['client.ts', path.join('schema', 'index.ts'), 'client.ts']);
  });

  it('resolves the web’s specifiers: no extension, .tsx, a folder’s index.tsx', () => {
    const names = (start: string) => cycleThrough(path.join(dir, 'web', start))?.map((f) => path.relative(path.join(dir, 'web'), f));
    expect(names('LazyEditor.tsx')).toEqual(['LazyEditor.tsx', 'Editor.tsx', 'LazyEditor.tsx']);
    expect(names('Page.tsx')).toEqual(['Page.tsx', 'Page.lazy.tsx', 'Page.tsx']);
  });

  it('leaves stylesheets and type-only imports of .tsx files out', () => {
    expect(cycleThrough(path.join(dir, 'web', 'Form.tsx'))).toBeNull();
    expect(cycleThrough(path.join(dir, 'web', 'Picker.tsx'))).toBeNull();
  });
});
