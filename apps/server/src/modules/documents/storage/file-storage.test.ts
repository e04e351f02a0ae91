import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFileStorage, type DocumentStorage } from './file-storage';
import { describeDocumentStorage, locationOf, pdfBytes } from './storage-contract';

/** Every file under `folder`, relative to it, temporary files included. */
async function listFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch((error) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

async function makeFolder() {
  const folder = await mkdtemp(path.join(tmpdir(), 'file-storage-'));
  return { folder, root: path.join(folder, 'blobs') };
}

// The contract's object list is every file, so a temporary file left behind shows as an extra object.
describeDocumentStorage('on disk', async () => {
  const { folder, root } = await makeFolder();
  return {
    storage: createFileStorage(root),
    listObjects: () => listFiles(root),
    readObject: async (location) => new Uint8Array(await readFile(path.join(root, location))),
    replaceObject: (location, bytes) => writeFile(path.join(root, location), bytes),
    cleanUp: () => rm(folder, { recursive: true, force: true }),
  };
});

describe('document storage on disk, as files', () => {
  let folder: string;
  let root: string;
  let storage: DocumentStorage;

  beforeEach(async () => {
    ({ folder, root } = await makeFolder());
    storage = createFileStorage(root);
  });
  afterEach(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('keeps a report readable only by the server', async () => {
    const { sha256 } = await storage.put(pdfBytes('a report with PHI'));

    expect((await stat(path.join(root, locationOf(sha256)))).mode & 0o777).toBe(0o600);
  });

  it('leaves the first copy in place when the same bytes are stored again', async () => {
    const report = pdfBytes('signed twice');
    const first = await storage.put(report);
    const file = path.join(root, locationOf(first.sha256));
    const before = await stat(file);

    expect(await storage.put(new Uint8Array(report))).toEqual(first);

    const after = await stat(file);
    expect(after.ino).toBe(before.ino);
    expect(after.mtimeMs).toBe(before.mtimeMs);
  });
});
