/** `node apps/server/dist/db/make-template.js` (the build runs it): the template of db/template.ts. */
import { makeTemplate, templateFile } from './template.js';

const started = Date.now();
if (await makeTemplate()) console.log(`Made the empty database's template in ${((Date.now() - started) / 1000).toFixed(1)} s: ${templateFile()}`);
