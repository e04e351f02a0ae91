import { assertCan, type OrganizationInput, type OrganizationResource } from '@portal/domain';
import type { Actor } from '../../auth/actor';
import { type Db, inTransaction } from '../../db/transaction';
import { recordAuditEvent } from '../audit/record-audit-event';
import { insertOrganization, replaceOrganizationConfiguration } from './clinics.repository';
import { loadOrganizationResponse } from './load-organization-responses';
import {
  assertOrganizationUnique,
  organizationIdentityOf,
  validateConfiguration,
} from './organization-input';

/** POST organizations: admin-level only. */
export async function createOrganization(
  db: Db,
  actor: Actor,
  input: OrganizationInput,
): Promise<OrganizationResource> {
  assertCan(actor.user, 'clinic:create', '*');
  return inTransaction(db, async (tx) => {
    await assertOrganizationUnique(tx, input);
    const workflows = await validateConfiguration(tx, input);
    const row = await insertOrganization(tx, { ...organizationIdentityOf(input), updatedBy: actor.id });
    await replaceOrganizationConfiguration(tx, row.id, { featureFlags: input.featureFlags, workflows });
    const response = await loadOrganizationResponse(tx, row);
    await recordAuditEvent(tx, {
      clinicNpi: row.npi,
      entityType: 'clinic',
      entityId: row.id,
      eventType: 'created',
      actorId: actor.id,
      after: response,
    });
    return response;
  });
}
