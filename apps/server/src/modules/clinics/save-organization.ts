import { assertCan, checkSettingValue, clinicsWherePermitted, type SettingValueType } from '@portal/domain';
import type { Actor } from '../../auth/actor';
import { type Db, inTransaction, type Tx } from '../../db/transaction';
import {
  ConflictError,
  type FieldProblem,
  HttpError,
  NotFoundError,
  UnprocessableError,
} from '../../http/errors';
import { recordAuditEvent } from '../audit/record-audit-event';

import { findFeatureFlagDefaults, findWorkflowDefaults } from './clinics.repository';
import type { OrganizationInput } from './clinics.schemas';
import { loadOrganizationResponse } from './load-organization-responses';

/**
 * Flags and settings must name a known default; a setting's value must fit its valueType and, for a number,
 * its range (findSettingRange): 422 naming the field otherwise.
 */
async function validateConfiguration(tx: Tx, input: Pick<OrganizationInput, 'featureFlags' | 'workflows'>) {
  const [flagDefaults, workflowDefaults] = await Promise.all([
    findFeatureFlagDefaults(tx),
    findWorkflowDefaults(tx),
  ]);
  const knownFlags = new Set(flagDefaults.map((flag) => flag.name));
  const types = new Map(
    workflowDefaults.map((workflow) => [workflow.name, workflow.valueType as SettingValueType]),
  );
  const problems: FieldProblem[] = [];
  input.featureFlags.forEach((flag, index) => {
    if (!knownFlags.has(flag.name))
      problems.push({
        field: `featureFlags.${index}.name`,
        message: `is not a known feature flag (${flag.name})`,
      });
  });
  const workflows = input.workflows.map((workflow, index) => {
    const valueType = types.get(workflow.name);
    if (!valueType) {
      problems.push({
        field: `workflows.${index}.name`,
        message: `is not a known setting (${workflow.name})`,
      });
      return { ...workflow, value: null };
    }
    const raw = workflow.value === undefined || workflow.value === null ? null : String(workflow.value);
    if (raw !== null) {
      const checked = checkSettingValue({ name: workflow.name, valueType }, raw);
      if (!checked.ok) problems.push({ field: `workflows.${index}.value`, message: checked.message });
    }
    return { ...workflow, value: raw };
  });
  if (problems.length) throw new UnprocessableError('Invalid feature flags or settings', problems);
  return workflows;
}

async function assertUnique(tx: Tx, input: OrganizationInput, exceptId?: string) {
  const clash = await tx
    .selectFrom('organizations')
    .select(['npi', 'code'])
    .where((eb) => eb.or([eb('npi', '=', input.npi), eb('code', '=', input.code)]))
    .$if(Boolean(exceptId), (query) => query.where('id', '!=', exceptId as string))
    .executeTakeFirst();
  if (clash) {
    const field = clash.npi === input.npi ? 'npi' : 'code';
    throw new ConflictError(`A clinic with this ${field === 'npi' ? 'NPI' : 'code'} already exists`, [
      { field, message: 'is already in use' },
    ]);
  }
}

async function replaceConfiguration(
  tx: Tx,
  organizationId: string,
  input: OrganizationInput,
  workflows: { name: string; enabled: boolean; value: string | null }[],
) {
  await tx.deleteFrom('organizationFeatureFlags').where('organizationId', '=', organizationId).execute();
  await tx.deleteFrom('organizationWorkflows').where('organizationId', '=', organizationId).execute();
  if (input.featureFlags.length) {
    await tx
      .insertInto('organizationFeatureFlags')
      .values(input.featureFlags.map((flag) => ({ organizationId, ...flag })))
      .execute();
  }
  if (workflows.length) {
    await tx
      .insertInto('organizationWorkflows')
      .values(workflows.map((workflow) => ({ organizationId, ...workflow })))
      .execute();
  }
}

/** A clinic's own columns (not its flags and settings): changing any of them is admin-level. */
const IDENTITY_FIELDS = ['npi', 'name', 'code', 'isActive', 'samlConnectionName'] as const;

function identityOf(input: OrganizationInput) {
  return {
    npi: input.npi,
    name: input.name,
    code: input.code,
    isActive: input.isActive,
    samlConnectionName: input.samlConnectionName,
  };
}

/** POST organizations: admin-level only. */
export async function createOrganization(db: Db, actor: Actor, input: OrganizationInput) {
  assertCan(actor.user, 'clinic:create', '*');
  return inTransaction(db, async (tx) => {
    await assertUnique(tx, input);
    const workflows = await validateConfiguration(tx, input);
    const row = await tx
      .insertInto('organizations')
      .values({ ...identityOf(input), updatedBy: actor.id })
      .returningAll()
      .executeTakeFirstOrThrow();
    await replaceConfiguration(tx, row.id, input, workflows);
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

/**
 * PUT organizations/{id}. Admin-level users change everything; a clinic admin changes only their own
 * clinic's flags and settings (a change to its name, code, NPI or activation answers 403).
 */
export async function updateOrganization(db: Db, actor: Actor, id: string, input: OrganizationInput) {
  return inTransaction(db, async (tx) => {
    const current = await tx
      .selectFrom('organizations')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    const scope = clinicsWherePermitted(actor.user, 'clinic:read');
    if (!current || (scope !== 'all' && !scope.includes(current.npi))) throw new NotFoundError('Clinic');
    const identity = identityOf(input);
    const identityChanged = IDENTITY_FIELDS.some((field) => (current[field] ?? null) !== identity[field]);
    if (identityChanged) assertCan(actor.user, 'clinic:update', '*');
    assertCan(actor.user, 'clinic:update-feature-flags', current.npi);
    assertCan(actor.user, 'clinic:update-settings', current.npi);
    await assertUnique(tx, input, id);
    const workflows = await validateConfiguration(tx, input);
    const before = await loadOrganizationResponse(tx, current);
    const row = await tx
      .updateTable('organizations')
      .set({ ...identity, updatedBy: actor.id, updatedAt: new Date() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await replaceConfiguration(tx, row.id, input, workflows);
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

/** DELETE organizations/{id}: admin-level only, and only a clinic with no documents (they are records). */
export async function deleteOrganization(db: Db, actor: Actor, id: string) {
  assertCan(actor.user, 'clinic:delete', '*');
  await inTransaction(db, async (tx) => {
    const current = await tx
      .selectFrom('organizations')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!current) throw new NotFoundError('Clinic');
    const documents = await tx
      .selectFrom('documents')
      .select('id')
      .where('clinicNpi', '=', current.npi)
      .limit(1)
      .executeTakeFirst();
    if (documents) throw new HttpError(409, 'The clinic has documents: deactivate it instead');
    const before = await loadOrganizationResponse(tx, current);
    await tx.deleteFrom('organizations').where('id', '=', id).execute();
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
