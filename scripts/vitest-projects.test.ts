import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MODULE_MOCKING_TESTS } from '../vitest.config';

const root = path.resolve(import.meta.dirname, '..');

/** Every unit test file under the folders the unit projects include. */
async function unitTestFiles(): Promise<string[]> {
  const files: string[] = [];
  for (const top of ['apps', 'packages', 'scripts']) {
    for (const entry of await readdir(path.join(root, top), { recursive: true })) {
      const relative = path.join(top, entry);
      if (relative.includes('node_modules') || !/\.test\.tsx?$/.test(relative)) continue;
      if (/\.(int|e2e)\.test\.ts$/.test(relative)) continue;
      files.push(relative.split(path.sep).join('/'));
    }
  }
  return files.sort();
}

// The 'unit' project shares one module graph between files (isolate: false). A file that replaces a module
// with vi.mock would hand its replacement to the files after it, so such files run in 'unit-isolated'.
describe('the unit projects', () => {
  it('run every file that replaces a module with vi.mock in the isolated project, and only those', async () => {
    const mocking: string[] = [];
    for (const file of await unitTestFiles()) {
      if (/\bvi\.(mock|doMock)\(/.test(await readFile(path.join(root, file), 'utf8'))) mocking.push(file);
    }
    expect(mocking).toEqual([...MODULE_MOCKING_TESTS].sort());
  });
});
