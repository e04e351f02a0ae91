import {
  createHash,
  createPrivateKey,
  createPublicKey,
  createSecretKey,
  hkdfSync,
  type KeyObject,
  randomBytes,
} from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

// The audit trail's secret never lives in the database: someone who can rewrite the database must not be
// able to recompute the chain's links or sign a seal. It comes from AUDIT_KEY, or from a key file under
// DATA_DIR/keys that the first start creates. Separate subkeys are derived from it (HKDF-SHA-256): one
// keys the HMAC links between events, one is the seed of the Ed25519 key that signs the seal log.

/** The key file's place under DATA_DIR. Its text is a valid AUDIT_KEY, so a backup can be used either way. */
export const AUDIT_KEY_FILE = path.join('keys', 'audit.key');
/** The shortest secret accepted (AUDIT_KEY says the same). */
export const MIN_AUDIT_KEY_LENGTH = 32;

const HKDF_SALT = 'portal-audit-trail';
// PKCS#8 wrapping of a raw 32-byte Ed25519 seed (RFC 8410).
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

export type AuditKeyring = {
  /** Names the key without revealing it: the first 128 bits of the seal public key's SHA-256, in hex. */
  keyId: string;
  /** HMAC-SHA-256 key of the links between events. */
  linkKey: KeyObject;
  /** Ed25519 key pair of the seals; the public half can be handed to auditors. */
  sealPrivateKey: KeyObject;
  sealPublicKey: KeyObject;
  sealPublicKeyPem: string;
};

/** A key that is missing, unreadable, too open or not the one the database was first used with. */
export class AuditKeyError extends Error {
  override name = 'AuditKeyError';
}

function subkey(secret: Buffer, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, HKDF_SALT, `portal audit ${purpose} v1`, 32));
}

/** Derives the link and seal keys from the secret (AUDIT_KEY or the key file's text). */
export function deriveAuditKeyring(secret: string): AuditKeyring {
  const material = Buffer.from(secret, 'utf8');
  const sealPrivateKey = createPrivateKey({
    key: Buffer.concat([ED25519_PKCS8_PREFIX, subkey(material, 'seal signature')]),
    format: 'der',
    type: 'pkcs8',
  });
  const sealPublicKey = createPublicKey(sealPrivateKey);
  const rawPublicKey = Buffer.from(sealPublicKey.export({ format: 'jwk' }).x ?? '', 'base64url');
  return {
    keyId: createHash('sha256').update(rawPublicKey).digest('hex').slice(0, 32),
    linkKey: createSecretKey(subkey(material, 'event link')),
    sealPrivateKey,
    sealPublicKey,
    sealPublicKeyPem: sealPublicKey.export({ format: 'pem', type: 'spki' }).toString(),
  };
}

export function auditKeyFilePath(dataDir: string): string {
  return path.join(dataDir, AUDIT_KEY_FILE);
}

/**
 * The configured keyring: AUDIT_KEY when set, else the key file under DATA_DIR/keys. With `create`, a
 * missing key file is made (32 random bytes as hex; directory 0700, file 0600); without it (the verify
 * CLI), a missing key is an error, since a new key could verify nothing.
 */
export function loadAuditKeyring(
  config: { auditKey: string | undefined; dataDir: string },
  options: { create: boolean },
): AuditKeyring {
  if (config.auditKey) return deriveAuditKeyring(config.auditKey);
  const file = auditKeyFilePath(config.dataDir);
  if (!fs.existsSync(file)) {
    if (!options.create) {
      throw new AuditKeyError(
        `No audit key: AUDIT_KEY is not set and ${file} does not exist. Use the key the portal runs with.`,
      );
    }
    createKeyFile(file);
  }
  const mode = fs.statSync(file).mode & 0o777;
  if (mode & 0o077) {
    throw new AuditKeyError(
      `The audit key file ${file} can be read by other users (mode ${mode.toString(8)}): run chmod 600 on it.`,
    );
  }
  const secret = fs.readFileSync(file, 'utf8').trim();
  if (secret.length < MIN_AUDIT_KEY_LENGTH) {
    throw new AuditKeyError(
      `The audit key file ${file} holds fewer than ${MIN_AUDIT_KEY_LENGTH} characters: restore it from your backup.`,
    );
  }
  return deriveAuditKeyring(secret);
}

function createKeyFile(file: string) {
  const directory = path.dirname(file);
  fs.mkdirSync(directory, { recursive: true, mode: 0o700 });
  fs.chmodSync(directory, 0o700);
  // 'wx': never overwrite a key; the data-directory lock keeps a second process from racing this one.
  fs.writeFileSync(file, `${randomBytes(32).toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
  fs.chmodSync(file, 0o600);
}

// recordAuditEvent is called from many places inside their transactions, with no context to carry the
// key: the process sets its keyring once at start-up (before any event, demo seeding included).
let processKeyring: AuditKeyring | undefined;

export function useAuditKeyring(keyring: AuditKeyring): void {
  processKeyring = keyring;
}

export function currentAuditKeyring(): AuditKeyring {
  if (!processKeyring) {
    throw new Error(
      'The audit keyring is not set: call useAuditKeyring (openAuditTrail does) before recording audit events.',
    );
  }
  return processKeyring;
}
