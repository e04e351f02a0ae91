import type { TestProject } from 'vitest/node';
import { createPostgresTemplate, requireTestDatabaseUrl, runOnServer } from './database-templates';

/** Makes one migrated template database on the PostgreSQL server; each test file copies it. */
export default async function setup(project: TestProject) {
  const serverUrl = requireTestDatabaseUrl();
  const templateName = await createPostgresTemplate(serverUrl);
  project.provide('testDatabase', { engine: 'postgres', serverUrl, templateName });
  return () => runOnServer(serverUrl, `DROP DATABASE IF EXISTS ${templateName} WITH (FORCE)`);
}
