import { assertCan, type OrganizationInput, type OrganizationResource } from '@portal/domain';
import type { Actor } from '../../auth/actor';
import { type Db, inTransaction } from '../../db/transaction';
import { recordAuditEvent } from '../audit/record-audit-event';
import { getOrganizationInScope } from './clinic-scope';
import { replaceOrganizationConfiguration, updateOrganizationRow } from './clinics.repository';
import { loadOrganizationResponse } from './load-organization-responses';
import {
  assertOrganizationUnique,
  ORGANIZATION_IDENTITY_FIELDS,
  organizationIdentityOf,
  validateConfiguration,
} from './organization-input';

/**
 * PUT organizations/{id}. Admin-level users change everything; a clinic admin changes only their own
 * clinic's flags and settings (a change to its name, code, NPI or activation answers 403).
 */
export async function updateOrganization(
  db: Db,
  actor: Actor,
  id: string,
  input: OrganizationInput,
): Promise<OrganizationResource> {
  return inTransaction(db, async (tx) => {
    const current = await getOrganizationInScope(tx, actor, id, { forUpdate: true });
    const identity = organizationIdentityOf(input);
    const identityChanged = ORGANIZATION_IDENTITY_FIELDS.some(
      (field) => (current[field] ?? null) !== identity[field],
    );
    if (identityChanged) assertCan(actor.user, 'clinic:update', '*');
    assertCan(actor.user, 'clinic:update-feature-flags', current.npi);
    assertCan(actor.user, 'clinic:update-settings', current.npi);
    await assertOrganizationUnique(tx, input, id);
    const workflows = await validateConfiguration(tx, input);
    const before = await loadOrganizationResponse(tx, current);
    const row = await updateOrganizationRow(tx, id, {
      ...identity,
      updatedBy: actor.id,
      updatedAt: new Date(),
    });
    await replaceOrganizationConfiguration(tx, row.id, { featureFlags: input.featureFlags, workflows });
    const after = await loadOrganizationResponse(tx, row);
    await recordAuditEvent(tx, {
      clinicNpi: row.npi,
      entityType: 'clinic',
      entityId: row.id,
      eventType: 'workflow_modification',
      actorId: actor.id,
      before,
      after,
    });
    return after;
  });
}
