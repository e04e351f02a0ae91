import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { DataDirLockedError } from './db/data-dir-lock';
import { migrateToLatest } from './db/migrate';
import { seedDemoData } from './db/seed-demo-data';

/** Starts the portal: configuration, database and migrations, then one HTTP server for API and web app. */
async function start() {
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await migrateToLatest(database.db);
    if (config.demoData) await seedDemoData(database.db, { password: config.demoPassword });
    const app = await buildApp({ config, db: database.db });
    app.addHook('onClose', async () => {
      await database.close();
    });

    closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
      if (err) app.log.error({ err: { type: err.name, stack: err.stack } }, 'shutting down after an error');
      else app.log.info({ signal }, 'shutting down');
      await app.close();
    });

    await app.listen({ port: config.port, host: config.host });
    app.log.info(
      { engine: database.engine, publicUrl: config.publicUrl },
      `Portal ready at ${config.publicUrl} (listening on ${config.host}:${config.port})`,
    );
  } catch (error) {
    await database.close();
    throw error;
  }
}

try {
  await start();
} catch (error) {
  // Start-up problems a person can fix get one clear line, not a stack trace.
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(`Cannot start the portal: ${error.message}`);
  } else {
    console.error('Cannot start the portal:', error);
  }
  process.exit(1);
}
