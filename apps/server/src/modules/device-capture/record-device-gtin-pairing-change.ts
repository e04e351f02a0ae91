import { DEVICE_GTIN_AUDIT_EVENT_TYPES } from '@portal/domain';
import type { Tx } from '../../db/transaction';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { DeviceGtinPairing } from './device-gtin-pairings.repository';

/**
 * The audit event of a change to a clinic's GTIN pairing, in the change's transaction: a clinic setting
 * (entity 'setting', id `device-gtin:{gtin}`) with the model it named before and after (null: none).
 */
export async function recordDeviceGtinPairingChange(
  tx: Tx,
  change: {
    clinicNpi: string;
    gtin: string;
    actorId: string;
    before: DeviceGtinPairing | null;
    after: DeviceGtinPairing | null;
  },
) {
  await recordAuditEvent(tx, {
    clinicNpi: change.clinicNpi,
    entityType: 'setting',
    entityId: `device-gtin:${change.gtin}`,
    eventType: change.after ? DEVICE_GTIN_AUDIT_EVENT_TYPES.paired : DEVICE_GTIN_AUDIT_EVENT_TYPES.unpaired,
    actorId: change.actorId,
    before: change.before,
    after: change.after,
  });
}
