import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createPgliteTemplate } from './database-templates';

/** Builds the migrated PGlite template once per run and hands its path to every test file. */
export default async function setup(project: TestProject) {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-pglite-template-'));
  const templatePath = path.join(directory, 'template.tar');
  const blob = await createPgliteTemplate();
  fs.writeFileSync(templatePath, Buffer.from(await blob.arrayBuffer()));
  project.provide('testDatabase', { engine: 'pglite', templatePath });
  return () => fs.rmSync(directory, { recursive: true, force: true });
}
