import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  BlobCorruptedError,
  BlobNotFoundError,
  type DocumentStorage,
  InvalidBlobIdError,
} from './file-storage';

// What every DocumentStorage does, on disk or in a bucket: one suite, run by each implementation's tests
// (file-storage.test.ts, s3-storage.int.test.ts) against a real store.

/** A store under test, with a way around it to see and damage what it keeps. */
export type StorageUnderTest = {
  storage: DocumentStorage;
  /** Every object in the store, by its location relative to the store's root ('ab/cd/<sha256>'), sorted. */
  listObjects(): Promise<string[]>;
  readObject(location: string): Promise<Uint8Array>;
  /** Replaces an object's bytes behind the storage's back: a failing disk, or someone with bucket access. */
  replaceObject(location: string, bytes: Uint8Array): Promise<void>;
  cleanUp(): Promise<void>;
};

export const pdfBytes = (label: string) => new Uint8Array(Buffer.from(`%PDF-1.7\n% ${label}\n%%EOF\n`));
export const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
export const locationOf = (sha256: string) => `${sha256.slice(0, 2)}/${sha256.slice(2, 4)}/${sha256}`;
const sameBytes = (left: Uint8Array, right: Uint8Array) => Buffer.from(left).equals(Buffer.from(right));

/** The content-addressed storage contract, for one implementation; each test gets an empty store. */
export function describeDocumentStorage(name: string, makeStorage: () => Promise<StorageUnderTest>): void {
  describe(`content-addressed document storage ${name}`, () => {
    let store: StorageUnderTest;
    let storage: DocumentStorage;

    beforeEach(async () => {
      store = await makeStorage();
      storage = store.storage;
    });
    afterEach(async () => {
      await store.cleanUp();
    });

    it('stores a report under ab/cd/<sha256> and gives the same bytes back', async () => {
      const report = pdfBytes('original report');
      const hash = sha256Of(report);

      expect(await storage.put(report)).toEqual({ sha256: hash, size: report.byteLength });

      expect(await store.listObjects()).toEqual([locationOf(hash)]);
      expect(sameBytes(await store.readObject(locationOf(hash)), report)).toBe(true);
      expect(sameBytes(await storage.get(hash), report)).toBe(true);
      expect(await storage.has(hash)).toBe(true);
    });

    it('stores the same bytes once', async () => {
      const report = pdfBytes('signed twice');
      const first = await storage.put(report);

      expect(await storage.put(new Uint8Array(report))).toEqual(first);
      expect(await store.listObjects()).toEqual([locationOf(first.sha256)]);
    });

    it('never overwrites a stored object, even a damaged one, and reports the damage on read and write', async () => {
      const report = pdfBytes('a signature that must not be lost');
      const { sha256: hash } = await storage.put(report);
      // One flipped bit, same size: what a failing disk does.
      const damaged = Buffer.from(report);
      damaged.writeUInt8(damaged.readUInt8(damaged.length - 2) ^ 0x01, damaged.length - 2);
      await store.replaceObject(locationOf(hash), damaged);

      await expect(storage.get(hash)).rejects.toBeInstanceOf(BlobCorruptedError);
      await expect(storage.get(hash)).rejects.toThrow(hash);
      await expect(storage.put(report)).rejects.toBeInstanceOf(BlobCorruptedError);
      expect(sameBytes(await store.readObject(locationOf(hash)), damaged)).toBe(true);
    });

    it('notices other bytes of another size under a hash', async () => {
      const report = pdfBytes('swapped for another file');
      const { sha256: hash } = await storage.put(report);
      await store.replaceObject(locationOf(hash), pdfBytes('a different, longer report'));

      await expect(storage.get(hash)).rejects.toBeInstanceOf(BlobCorruptedError);
    });

    it('says plainly when a hash is not stored', async () => {
      const unknown = sha256Of(pdfBytes('never stored'));
      await expect(storage.get(unknown)).rejects.toBeInstanceOf(BlobNotFoundError);
      await expect(storage.get(unknown)).rejects.toThrow(unknown);
      expect(await storage.has(unknown)).toBe(false);
    });

    it('stores an empty file like any other', async () => {
      const empty = new Uint8Array(0);
      const { sha256: hash, size } = await storage.put(empty);

      expect(size).toBe(0);
      expect(await storage.get(hash)).toHaveLength(0);
      expect(await storage.has(hash)).toBe(true);
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

    it('lets many requests store the same signed PDF at once: one object', async () => {
      const report = pdfBytes('bulk signing');
      const results = await Promise.all(
        Array.from({ length: 25 }, () => storage.put(new Uint8Array(report))),
      );

      expect(new Set(results.map((result) => result.sha256))).toEqual(new Set([sha256Of(report)]));
      expect(await store.listObjects()).toEqual([locationOf(sha256Of(report))]);
      expect(sameBytes(await storage.get(sha256Of(report)), report)).toBe(true);
    });

    it('stores different PDFs side by side when they arrive together', async () => {
      const reports = Array.from({ length: 20 }, (_unused, index) => pdfBytes(`report ${index}`));
      const results = await Promise.all(reports.map((report) => storage.put(report)));

      expect(await store.listObjects()).toHaveLength(20);
      for (const [index, result] of results.entries()) {
        expect(sameBytes(await storage.get(result.sha256), reports[index] ?? new Uint8Array())).toBe(true);
      }
    });
  });
}
