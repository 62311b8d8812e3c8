/** `node apps/server/dist/db/make-template.js` (the build runs it): PostGIS's lean bundle (db/postgis-bundle.ts) and the template of db/template.ts. */
import { leanBundleFile, makeLeanBundle } from './postgis-bundle.js';
import { makeTemplate, templateFile } from './template.js';

if (makeLeanBundle()) console.log(`Made PostGIS's lean bundle: ${leanBundleFile()}`);

const started = Date.now();
if (await makeTemplate()) console.log(`Made the empty database's template in ${((Date.now() - started) / 1000).toFixed(1)} s: ${templateFile()}`);
