import { sign, verify } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { canonicalJson } from './audit-event-hash';
import type { AuditKeyring } from './audit-keyring';

// The seal log: signed statements of each chain's head (how many events, the last one's id and hash, and
// when), appended as JSON lines to files outside the database, one file per month
// (audit-seals-YYYY-MM.jsonl). Someone who rewrites the database can neither edit a seal (it is signed
// with a key the database does not hold) nor make the chain agree with the seals again. Instances that
// share the directory append to the same files: each write is one O_APPEND write of whole lines.

export const SEAL_RECORD_TYPE = 'portal-audit-seal' as const;
const SEAL_FILE = /^audit-seals-\d{4}-\d{2}\.jsonl$/;

const sealSchema = z.strictObject({
  type: z.literal(SEAL_RECORD_TYPE),
  version: z.literal(1),
  chain: z.string().min(1),
  /** How many events the chain had. */
  events: z.number().int().min(1),
  lastEventId: z.string().min(1),
  lastHash: z.string().min(1),
  sealedAt: z.iso.datetime(),
  keyId: z.string(),
  /** Ed25519 over the canonical JSON of every other field, base64. */
  signature: z.string(),
});

export type AuditSeal = z.infer<typeof sealSchema>;
export type ChainHead = { chain: string; events: number; lastEventId: string; lastHash: string };
export type InvalidSeal = { file: string; line: number; reason: string };
export type SealLogReading = { seals: AuditSeal[]; invalid: InvalidSeal[]; files: number };

/** The seal log could not be written: sealing must not fail silently. */
export class AuditSealLogError extends Error {
  override name = 'AuditSealLogError';
}

function signedBytes(seal: Omit<AuditSeal, 'signature'>): Buffer {
  return Buffer.from(canonicalJson(seal), 'utf8');
}

export function signSeal(keyring: AuditKeyring, head: ChainHead, sealedAt: Date): AuditSeal {
  const unsigned = {
    type: SEAL_RECORD_TYPE,
    version: 1 as const,
    chain: head.chain,
    events: head.events,
    lastEventId: head.lastEventId,
    lastHash: head.lastHash,
    sealedAt: sealedAt.toISOString(),
    keyId: keyring.keyId,
  };
  const signature = sign(null, signedBytes(unsigned), keyring.sealPrivateKey).toString('base64');
  return { ...unsigned, signature };
}

function sealFileFor(sealedAt: string): string {
  return `audit-seals-${sealedAt.slice(0, 7)}.jsonl`;
}

/** Appends seals (one JSON line each) with O_APPEND and syncs them to disk. */
export async function appendSeals(sealDir: string, seals: AuditSeal[]): Promise<void> {
  const byFile = new Map<string, AuditSeal[]>();
  for (const seal of seals) {
    const name = sealFileFor(seal.sealedAt);
    byFile.set(name, [...(byFile.get(name) ?? []), seal]);
  }
  for (const [name, fileSeals] of byFile) {
    const file = path.join(sealDir, name);
    try {
      await fs.mkdir(sealDir, { recursive: true });
      const handle = await fs.open(file, 'a', 0o644);
      try {
        await handle.write(fileSeals.map((seal) => `${JSON.stringify(seal)}\n`).join(''));
        await handle.sync();
      } finally {
        await handle.close();
      }
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? (error as Error).name;
      throw new AuditSealLogError(`Cannot append to the audit seal log ${file} (${code}).`, { cause: error });
    }
  }
}

function checkLine(keyring: AuditKeyring, text: string): AuditSeal | string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return 'not JSON';
  }
  const seal = sealSchema.safeParse(parsed);
  if (!seal.success) return 'not a seal record';
  if (seal.data.keyId !== keyring.keyId) return `sealed with another key (id ${seal.data.keyId})`;
  const { signature, ...unsigned } = seal.data;
  const valid = verify(null, signedBytes(unsigned), keyring.sealPublicKey, Buffer.from(signature, 'base64'));
  return valid ? seal.data : 'signature does not match';
}

/** Every seal in the directory whose signature holds, and every line that is not such a seal. */
export async function readSealLog(sealDir: string, keyring: AuditKeyring): Promise<SealLogReading> {
  let names: string[];
  try {
    names = (await fs.readdir(sealDir)).filter((name) => SEAL_FILE.test(name)).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { seals: [], invalid: [], files: 0 };
    throw error;
  }
  const seals: AuditSeal[] = [];
  const invalid: InvalidSeal[] = [];
  for (const name of names) {
    const lines = (await fs.readFile(path.join(sealDir, name), 'utf8')).split('\n');
    for (const [index, text] of lines.entries()) {
      if (text.trim() === '') continue;
      const result = checkLine(keyring, text);
      if (typeof result === 'string') invalid.push({ file: name, line: index + 1, reason: result });
      else seals.push(result);
    }
  }
  return { seals, invalid, files: names.length };
}
