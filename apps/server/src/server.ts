import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { prepareData } from './db/seed/index.js';
import { firstAdminNotice } from './lib/admin-notice.js';

/** `npm start`: configure, migrate, seed, listen; close cleanly on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildApp(config);
  const generatedAdmin = await prepareData(app);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: closing`);
    const force = setTimeout(() => {
      app.log.error('Close took too long; exiting');
      process.exit(1);
    }, 15_000);
    force.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'Close failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  const address = await app.listen({ port: config.port, host: config.host });
  app.log.info(`Listening on ${address}: ${config.app.productName} at ${config.publicUrl} (${app.database.kind} database)`);
  if (generatedAdmin) console.log(firstAdminNotice(generatedAdmin, `${config.publicUrl}/login`));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
