import { loadConfig } from '../config';
import { openDatabase } from './client';
import { migrateToLatest } from './migrate';

// `npm run db:migrate`: applies pending migrations to the configured database and exits.
const config = loadConfig();
const handle = await openDatabase(config);
try {
  const applied = await migrateToLatest(handle.db);
  console.log(
    applied.length ? `Applied migrations: ${applied.join(', ')}` : 'Database schema is up to date.',
  );
} finally {
  await handle.close();
}
