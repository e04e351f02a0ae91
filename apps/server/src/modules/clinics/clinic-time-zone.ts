import {
  assertCan,
  CLINIC_TIME_ZONE_SETTING,
  clinicTimeZoneOf,
  DEFAULT_CLINIC_TIME_ZONE,
  isIanaTimeZone,
} from '@portal/domain';
import type { Actor } from '../../auth/actor';
import { type Db, inTransaction, type Tx } from '../../db/transaction';
import { UnprocessableError } from '../../http/errors';
import { recordAuditEvent } from '../audit/record-audit-event';
import { getClinicInScope } from './clinic-scope';
import {
  findOrganizationByNpi,
  findOrganizationOverrides,
  replaceOrganizationConfiguration,
} from './clinics.repository';
import { loadClinicConfiguration } from './load-clinic-configuration';
import { loadOrganizationResponse } from './load-organization-responses';

// The one server-side place the clinic time zone is read and written (issue 28 §2; issue 31 prints the
// signature time in it). It is the clinic setting `clinicTimeZone`, so the settings screen and
// PUT organizations/{id} change it too; those go through the same validation (checkSettingValue).

/** The clinic's IANA time zone; 'America/New_York' for a clinic that has none (or does not exist). */
export async function getClinicTimeZone(db: Db | Tx, clinicNpi: string): Promise<string> {
  const clinic = await findOrganizationByNpi(db, clinicNpi);
  if (!clinic) return DEFAULT_CLINIC_TIME_ZONE;
  return clinicTimeZoneOf(await loadClinicConfiguration(db, clinicNpi));
}

/**
 * Sets the clinic's time zone (clinic:update-settings at that clinic; another clinic is 404; a name that
 * is not an IANA time zone is 422 naming `timeZone`). The change and its audit event are one transaction.
 */
export async function saveClinicTimeZone(
  db: Db,
  actor: Actor,
  clinicNpi: string,
  timeZone: string,
): Promise<string> {
  const value = timeZone.trim();
  if (!isIanaTimeZone(value))
    throw new UnprocessableError('Invalid time zone', [
      { field: 'timeZone', message: 'must be an IANA time zone name, such as America/New_York' },
    ]);
  return inTransaction(db, async (tx) => {
    const clinic = await getClinicInScope(tx, actor, clinicNpi);
    assertCan(actor.user, 'clinic:update-settings', clinic.npi);
    const before = await loadOrganizationResponse(tx, clinic);
    const overrides = await findOrganizationOverrides(tx, [clinic.id]);
    const workflows = [
      ...overrides.workflows
        .filter((workflow) => workflow.name !== CLINIC_TIME_ZONE_SETTING)
        .map(({ name, enabled, value: stored }) => ({ name, enabled, value: stored })),
      { name: CLINIC_TIME_ZONE_SETTING, enabled: true, value },
    ];
    await replaceOrganizationConfiguration(tx, clinic.id, {
      featureFlags: overrides.featureFlags.map(({ name, enabled }) => ({ name, enabled })),
      workflows,
    });
    const after = await loadOrganizationResponse(tx, clinic);
    await recordAuditEvent(tx, {
      clinicNpi: clinic.npi,
      entityType: 'clinic',
      entityId: clinic.id,
      eventType: 'workflow_modification',
      actorId: actor.id,
      before,
      after,
    });
    return value;
  });
}
