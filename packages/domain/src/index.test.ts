import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as domain from './index';

const srcDir = import.meta.dirname;

/** Every module the package is made of: not tests, not test support, not the index itself. */
function listModules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test-support' ? [] : listModules(path);
    const isModule =
      entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && entry.name !== 'index.ts';
    return isModule ? [relative(srcDir, path)] : [];
  });
}

describe('the package index', () => {
  it.each(listModules(srcDir))('re-exports every value of %s, so the apps can import it', async (file) => {
    const module: Record<string, unknown> = await import(
      /* @vite-ignore */ pathToFileURL(join(srcDir, file)).href
    );
    for (const [name, value] of Object.entries(module)) {
      expect((domain as Record<string, unknown>)[name], name).toBe(value);
    }
  });
});
