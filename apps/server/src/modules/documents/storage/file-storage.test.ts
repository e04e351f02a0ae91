import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  BlobCorruptedError,
  BlobNotFoundError,
  createFileStorage,
  type DocumentStorage,
  InvalidBlobIdError,
} from './file-storage';

const pdfBytes = (label: string) => new Uint8Array(Buffer.from(`%PDF-1.7\n% ${label}\n%%EOF\n`));
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Every file under `folder`, relative to it. */
async function listFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
    .sort();
}

describe('content-addressed document storage on disk', () => {
  let folder: string;
  let root: string;
  let storage: DocumentStorage;

  beforeEach(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'file-storage-'));
    root = path.join(folder, 'blobs');
    storage = createFileStorage(root);
  });
  afterEach(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('stores a report under ab/cd/<sha256>, readable only by the server, and gives the same bytes back', async () => {
    const report = pdfBytes('original report');
    const hash = sha256(report);

    expect(await storage.put(report)).toEqual({ sha256: hash, size: report.byteLength });

    const file = path.join(root, hash.slice(0, 2), hash.slice(2, 4), hash);
    expect(await listFiles(root)).toEqual([path.relative(root, file)]);
    expect(Buffer.from(await readFile(file)).equals(Buffer.from(report))).toBe(true);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(Buffer.from(await storage.get(hash)).equals(Buffer.from(report))).toBe(true);
    expect(await storage.has(hash)).toBe(true);
  });

  it('stores the same bytes once, leaving the first copy in place', async () => {
    const report = pdfBytes('signed twice');
    const first = await storage.put(report);
    const file = path.join(root, first.sha256.slice(0, 2), first.sha256.slice(2, 4), first.sha256);
    const before = await stat(file);

    expect(await storage.put(new Uint8Array(report))).toEqual(first);

    const after = await stat(file);
    expect(after.ino).toBe(before.ino);
    expect(after.mtimeMs).toBe(before.mtimeMs);
    expect(await listFiles(root)).toHaveLength(1);
  });

  it('never overwrites a stored object, even one damaged on disk, and reports the damage on read and write', async () => {
    const report = pdfBytes('a signature that must not be lost');
    const { sha256: hash } = await storage.put(report);
    const file = path.join(root, hash.slice(0, 2), hash.slice(2, 4), hash);
    // One flipped bit, same size: what a failing disk does.
    const damaged = Buffer.from(report);
    damaged.writeUInt8(damaged.readUInt8(damaged.length - 2) ^ 0x01, damaged.length - 2);
    await writeFile(file, damaged);

    await expect(storage.put(report)).rejects.toBeInstanceOf(BlobCorruptedError);
    await expect(storage.get(hash)).rejects.toBeInstanceOf(BlobCorruptedError);
    expect(Buffer.from(await readFile(file)).equals(damaged)).toBe(true);
  });

  it('says plainly when a hash is not stored', async () => {
    const unknown = sha256(pdfBytes('never stored'));
    await expect(storage.get(unknown)).rejects.toBeInstanceOf(BlobNotFoundError);
    await expect(storage.get(unknown)).rejects.toThrow(unknown);
    expect(await storage.has(unknown)).toBe(false);
  });

  it.each([
    ['a path out of the folder', '../../../../etc/passwd'],
    ['a path that looks like a hash', `../${'a'.repeat(61)}`],
    ['upper-case hex', 'A'.repeat(64)],
    ['one character short', 'a'.repeat(63)],
    ['one character long', 'a'.repeat(65)],
    ['an absolute path', `/${'a'.repeat(63)}`],
    ['an empty id', ''],
  ])('refuses %s as an id', async (_story, id) => {
    await expect(storage.get(id)).rejects.toBeInstanceOf(InvalidBlobIdError);
    await expect(storage.has(id)).rejects.toBeInstanceOf(InvalidBlobIdError);
  });

  it('lets many requests store the same signed PDF at once: one object, no temporary files left', async () => {
    const report = pdfBytes('bulk signing');
    const results = await Promise.all(Array.from({ length: 25 }, () => storage.put(new Uint8Array(report))));

    expect(new Set(results.map((result) => result.sha256))).toEqual(new Set([sha256(report)]));
    expect(await listFiles(root)).toHaveLength(1);
    expect(Buffer.from(await storage.get(sha256(report))).equals(Buffer.from(report))).toBe(true);
  });

  it('stores different PDFs side by side when they arrive together', async () => {
    const reports = Array.from({ length: 20 }, (_unused, index) => pdfBytes(`report ${index}`));
    const results = await Promise.all(reports.map((report) => storage.put(report)));

    expect(await listFiles(root)).toHaveLength(20);
    for (const [index, result] of results.entries()) {
      expect(Buffer.from(await storage.get(result.sha256)).equals(Buffer.from(reports[index] ?? []))).toBe(
        true,
      );
    }
  });
});
