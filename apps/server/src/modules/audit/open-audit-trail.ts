import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/transaction';
import { loggableError } from '../../plugins/error-handler';
import { pinAuditKey } from './audit-key-pin';
import { type AuditKeyring, loadAuditKeyring, useAuditKeyring } from './audit-keyring';
import { createChainSealer, type SealingResult, useChainSealer } from './seal-audit-chains';

export type AuditTrail = {
  keyring: AuditKeyring;
  sealDir: string;
  /** Seals every chain whose head moved since its last seal. */
  seal: () => Promise<SealingResult>;
  /**
   * Start-up: seals every chain, first reporting signatures a stop between their commit and their seal
   * left unsealed.
   */
  sealAtStartUp: (log: { warn: (details: object, message: string) => void }) => Promise<SealingResult>;
  /** Seals every `intervalMs` until the returned stop is called (which waits for a run in flight). */
  startSealing: (intervalMs: number, log: FastifyBaseLogger) => () => Promise<void>;
};

/**
 * Loads the audit key (AUDIT_KEY or DATA_DIR/keys/audit.key, created on first start), refuses a key the
 * database was not first used with, and makes it the key every recorded event is linked with.
 */
export async function openAuditTrail(
  db: Db,
  config: Pick<Config, 'auditKey' | 'dataDir' | 'auditSealDir'>,
): Promise<AuditTrail> {
  const keyring = loadAuditKeyring(config, { create: true });
  await pinAuditKey(db, keyring.keyId);
  useAuditKeyring(keyring);
  const sealer = createChainSealer(db, keyring, config.auditSealDir);
  useChainSealer(db, sealer);
  return {
    keyring,
    sealDir: config.auditSealDir,
    seal: sealer.seal,
    sealAtStartUp: async (log) => {
      for (const { chain, events } of await sealer.findUnsealedSignatures()) {
        log.warn(
          { chain, events },
          'signature events committed but not sealed (the process stopped between commit and seal): sealing them now',
        );
      }
      return sealer.seal();
    },
    startSealing: (intervalMs, log) => {
      sealer.useLog(log);
      const timer = setInterval(() => {
        sealer.seal().then(
          ({ sealed }) => {
            if (sealed.length > 0) log.info({ chains: sealed.length }, 'audit chains sealed');
          },
          (error: Error) => log.error({ err: loggableError(error) }, 'audit sealing failed'),
        );
      }, intervalMs);
      timer.unref();
      return async () => {
        clearInterval(timer);
        await sealer.idle();
      };
    },
  };
}
