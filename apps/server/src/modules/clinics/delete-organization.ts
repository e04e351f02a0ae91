import { assertCan } from '@portal/domain';
import type { Actor } from '../../auth/actor';
import { type Db, inTransaction } from '../../db/transaction';
import { HttpError, NotFoundError } from '../../http/errors';
import { recordAuditEvent } from '../audit/record-audit-event';
import {
  clinicHasDocuments,
  clinicHasPatients,
  deleteOrganizationRow,
  findOrganizationById,
} from './clinics.repository';
import { loadOrganizationResponse } from './load-organization-responses';

/** DELETE organizations/{id}: admin-level only, and only a clinic with no documents or patients (records). */
export async function deleteOrganization(db: Db, actor: Actor, id: string) {
  assertCan(actor.user, 'clinic:delete', '*');
  await inTransaction(db, async (tx) => {
    const current = await findOrganizationById(tx, id, { forUpdate: true });
    if (!current) throw new NotFoundError('Clinic');
    if (await clinicHasDocuments(tx, current.npi))
      throw new HttpError(409, 'The clinic has documents: deactivate it instead');
    if (await clinicHasPatients(tx, current.npi))
      throw new HttpError(409, 'The clinic has patients: deactivate it instead');
    const before = await loadOrganizationResponse(tx, current);
    await deleteOrganizationRow(tx, id);
    await recordAuditEvent(tx, {
      clinicNpi: current.npi,
      entityType: 'clinic',
      entityId: id,
      eventType: 'deleted',
      actorId: actor.id,
      before,
      note: 'clinic deleted',
    });
  });
}
