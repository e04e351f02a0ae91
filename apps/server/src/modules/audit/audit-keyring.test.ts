import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Tx } from '../../db/transaction';
import { keyedAuditHash } from './audit-event-hash';
import {
  AuditKeyError,
  auditKeyFilePath,
  currentAuditKeyring,
  deriveAuditKeyring,
  loadAuditKeyring,
} from './audit-keyring';
import { recordAuditEvent } from './record-audit-event';

const directories: string[] = [];
const tempDataDir = () => {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-audit-key-'));
  directories.push(directory);
  return directory;
};
afterEach(() => {
  for (const directory of directories.splice(0)) fs.rmSync(directory, { recursive: true, force: true });
});

const content = {
  chain: 'global',
  clinicNpi: null,
  entityType: 'user',
  entityId: 'u1',
  eventType: 'created',
  actorId: null,
  note: null,
  before: null,
  after: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  prevHash: null,
};

describe('the audit keyring', () => {
  it('refuses to record an event before the process has set its keyring', async () => {
    expect(() => currentAuditKeyring()).toThrow(/audit keyring is not set/);
    await expect(recordAuditEvent({} as Tx, { ...content, entityType: 'user' })).rejects.toThrow(
      /audit keyring is not set/,
    );
  });

  it('derives the same keys from the same secret, and other keys from another', () => {
    const one = deriveAuditKeyring('a'.repeat(32));
    const same = deriveAuditKeyring('a'.repeat(32));
    const other = deriveAuditKeyring('b'.repeat(32));
    expect(same.keyId).toBe(one.keyId);
    expect(keyedAuditHash(same, content)).toBe(keyedAuditHash(one, content));
    expect(other.keyId).not.toBe(one.keyId);
    expect(keyedAuditHash(other, content)).not.toBe(keyedAuditHash(one, content));
    expect(one.sealPublicKeyPem).toMatch(/^-----BEGIN PUBLIC KEY-----/);
  });

  it('uses AUDIT_KEY when it is set, and writes no key file', () => {
    const dataDir = tempDataDir();
    const keyring = loadAuditKeyring({ auditKey: 'c'.repeat(40), dataDir }, { create: true });
    expect(keyring.keyId).toBe(deriveAuditKeyring('c'.repeat(40)).keyId);
    expect(fs.existsSync(path.join(dataDir, 'keys'))).toBe(false);
  });

  it('creates a key file on first start, readable by its owner only, and reads the same key after', () => {
    const dataDir = tempDataDir();
    const first = loadAuditKeyring({ auditKey: undefined, dataDir }, { create: true });
    const file = auditKeyFilePath(dataDir);
    expect(file).toBe(path.join(dataDir, 'keys', 'audit.key'));
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    const secret = fs.readFileSync(file, 'utf8');
    expect(secret).toMatch(/^[0-9a-f]{64}\n$/);
    expect(loadAuditKeyring({ auditKey: undefined, dataDir }, { create: true }).keyId).toBe(first.keyId);
    // The file's text works as AUDIT_KEY, so a backup of it can be used either way.
    expect(deriveAuditKeyring(secret.trim()).keyId).toBe(first.keyId);
    // Another data directory gets another key.
    expect(
      loadAuditKeyring({ auditKey: undefined, dataDir: tempDataDir() }, { create: true }).keyId,
    ).not.toBe(first.keyId);
  });

  it('does not make up a key when asked only to read one (the verify CLI)', () => {
    const dataDir = tempDataDir();
    expect(() => loadAuditKeyring({ auditKey: undefined, dataDir }, { create: false })).toThrow(
      new AuditKeyError(
        `No audit key: AUDIT_KEY is not set and ${auditKeyFilePath(dataDir)} does not exist. Use the key the portal runs with.`,
      ),
    );
    expect(fs.existsSync(auditKeyFilePath(dataDir))).toBe(false);
  });

  it('refuses a key file other users can read, or one that is too short', () => {
    const dataDir = tempDataDir();
    loadAuditKeyring({ auditKey: undefined, dataDir }, { create: true });
    const file = auditKeyFilePath(dataDir);
    fs.chmodSync(file, 0o644);
    expect(() => loadAuditKeyring({ auditKey: undefined, dataDir }, { create: true })).toThrow(/chmod 600/);
    fs.chmodSync(file, 0o600);
    fs.writeFileSync(file, 'short\n');
    expect(() => loadAuditKeyring({ auditKey: undefined, dataDir }, { create: true })).toThrow(
      /fewer than 32 characters/,
    );
  });
});
