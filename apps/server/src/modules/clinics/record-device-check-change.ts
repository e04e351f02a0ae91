import type { EffectiveDeviceCheckSettings } from '@portal/domain';
import type { Tx } from '../../db/transaction';
import { recordAuditEvent } from '../audit/record-audit-event';

/** The audit event of any change to a clinic's device-check settings, in the change's transaction. */
export async function recordDeviceCheckChange(
  tx: Tx,
  change: {
    clinicNpi: string;
    actorId: string;
    before: EffectiveDeviceCheckSettings;
    after: EffectiveDeviceCheckSettings;
  },
) {
  await recordAuditEvent(tx, {
    clinicNpi: change.clinicNpi,
    entityType: 'setting',
    entityId: 'device-check-settings',
    eventType: 'workflow_modification',
    actorId: change.actorId,
    before: change.before,
    after: change.after,
  });
}
