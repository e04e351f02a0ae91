import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from './data-dir-lock';

describe('the DATA_DIR lock', () => {
  const dirs: string[] = [];
  const freshDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-lock-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('creates a missing directory, records the owner pid and removes the lock on release', () => {
    const dir = path.join(freshDir(), 'nested', 'data');
    const lock = acquireDataDirLock(dir);
    expect(fs.readFileSync(path.join(dir, 'portal.lock'), 'utf8')).toBe(String(process.pid));
    lock.release();
    lock.release();
    expect(fs.existsSync(path.join(dir, 'portal.lock'))).toBe(false);
  });

  it('refuses a directory owned by another running process', () => {
    const dir = freshDir();
    // The parent of the test worker is alive for the whole test.
    fs.writeFileSync(path.join(dir, 'portal.lock'), String(process.ppid));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(
      `is already in use by another portal process (pid ${process.ppid})`,
    );
  });

  it('takes over a lock left behind by a process that no longer runs', () => {
    const dir = freshDir();
    fs.writeFileSync(path.join(dir, 'portal.lock'), '2147483646');
    const lock = acquireDataDirLock(dir);
    expect(fs.readFileSync(path.join(dir, 'portal.lock'), 'utf8')).toBe(String(process.pid));
    lock.release();
  });
});
