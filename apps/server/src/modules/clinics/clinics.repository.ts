import type { OrganizationListQuery, OrganizationSortField } from '@portal/domain';
import { type Insertable, sql, type Updateable } from 'kysely';
import type { OrganizationsTable } from '../../db/schema';
import type { Db, Tx } from '../../db/transaction';
import { toContainsPattern } from '../../http/paging';

type Executor = Db | Tx;

function parseOrder(order: OrganizationListQuery['order']): {
  field: OrganizationSortField;
  direction: 'asc' | 'desc';
} {
  return order.startsWith('-')
    ? { field: order.slice(1) as OrganizationSortField, direction: 'desc' }
    : { field: order as OrganizationSortField, direction: 'asc' };
}

/** One page of clinics and the total that matches, for the data table. */
export async function findOrganizationsPage(
  db: Executor,
  options: { scope: 'all' | readonly string[]; query: OrganizationListQuery },
) {
  const { scope, query } = options;
  let filtered = db.selectFrom('organizations');
  if (scope !== 'all')
    filtered = scope.length ? filtered.where('npi', 'in', scope) : filtered.where(sql<boolean>`false`);
  if (query.search) {
    const pattern = toContainsPattern(query.search);
    filtered = filtered.where((eb) =>
      eb.or([eb('name', 'ilike', pattern), eb('code', 'ilike', pattern), eb('npi', 'like', pattern)]),
    );
  }
  for (const column of ['name', 'code', 'npi'] as const) {
    const value = query[`filter[${column}]`];
    if (value) filtered = filtered.where(column, 'ilike', toContainsPattern(value));
  }
  if (query['filter[isActive]'])
    filtered = filtered.where('isActive', '=', query['filter[isActive]'] === 'true');

  const { field, direction } = parseOrder(query.order);
  const [rows, total] = await Promise.all([
    filtered
      .selectAll()
      // Names sort the way people read them; the id breaks ties so pages never overlap.
      .orderBy(
        field === 'name' || field === 'code' ? sql`lower(${sql.ref(field)})` : sql.ref(field),
        direction,
      )
      .orderBy('id')
      .limit(query.rows)
      .offset((query.page - 1) * query.rows)
      .execute(),
    filtered.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, totalCount: Number(total.count) };
}

/** One clinic by id; `forUpdate` locks it for the rest of the transaction. */
export async function findOrganizationById(db: Executor, id: string, options: { forUpdate?: boolean } = {}) {
  return db
    .selectFrom('organizations')
    .selectAll()
    .where('id', '=', id)
    .$if(options.forUpdate === true, (query) => query.forUpdate())
    .executeTakeFirst();
}

export async function findOrganizationByNpi(db: Executor, npi: string) {
  return db.selectFrom('organizations').selectAll().where('npi', '=', npi).executeTakeFirst();
}

/** Another clinic (not `exceptId`) that already uses the NPI or the code. */
/** The clinics among these NPIs that exist. */
export async function findOrganizationsByNpi(db: Executor, npis: readonly string[]) {
  if (npis.length === 0) return [];
  return db.selectFrom('organizations').select(['id', 'npi']).where('npi', 'in', npis).execute();
}

export async function findOrganizationClash(
  tx: Tx,
  options: { npi: string; code: string; exceptId?: string | undefined },
) {
  return tx
    .selectFrom('organizations')
    .select(['npi', 'code'])
    .where((eb) => eb.or([eb('npi', '=', options.npi), eb('code', '=', options.code)]))
    .$if(options.exceptId !== undefined, (query) => query.where('id', '!=', options.exceptId as string))
    .executeTakeFirst();
}

export async function insertOrganization(tx: Tx, values: Insertable<OrganizationsTable>) {
  return tx.insertInto('organizations').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateOrganizationRow(tx: Tx, id: string, changes: Updateable<OrganizationsTable>) {
  return tx
    .updateTable('organizations')
    .set(changes)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteOrganizationRow(tx: Tx, id: string) {
  await tx.deleteFrom('organizations').where('id', '=', id).execute();
}

/** Whether any document belongs to the clinic (documents are records: such a clinic is never deleted). */
export async function clinicHasDocuments(tx: Tx, clinicNpi: string): Promise<boolean> {
  const document = await tx
    .selectFrom('documents')
    .select('id')
    .where('clinicNpi', '=', clinicNpi)
    .limit(1)
    .executeTakeFirst();
  return document !== undefined;
}

/** Whether any patient record belongs to the clinic (they are records too). */
export async function clinicHasPatients(tx: Tx, clinicNpi: string): Promise<boolean> {
  const patient = await tx
    .selectFrom('patients')
    .select('id')
    .where('clinicNpi', '=', clinicNpi)
    .limit(1)
    .executeTakeFirst();
  return patient !== undefined;
}

/** Replaces a clinic's own flag and workflow lists. */
export async function replaceOrganizationConfiguration(
  tx: Tx,
  organizationId: string,
  configuration: {
    featureFlags: readonly { name: string; enabled: boolean }[];
    workflows: readonly { name: string; enabled: boolean; value: string | null }[];
  },
) {
  await tx.deleteFrom('organizationFeatureFlags').where('organizationId', '=', organizationId).execute();
  await tx.deleteFrom('organizationWorkflows').where('organizationId', '=', organizationId).execute();
  if (configuration.featureFlags.length) {
    await tx
      .insertInto('organizationFeatureFlags')
      .values(configuration.featureFlags.map((flag) => ({ organizationId, ...flag })))
      .execute();
  }
  if (configuration.workflows.length) {
    await tx
      .insertInto('organizationWorkflows')
      .values(configuration.workflows.map((workflow) => ({ organizationId, ...workflow })))
      .execute();
  }
}

/** The clinics' own flag and workflow values, for a set of clinics at once. */
export async function findOrganizationOverrides(db: Executor, organizationIds: string[]) {
  if (organizationIds.length === 0) return { featureFlags: [], workflows: [] };
  const [featureFlags, workflows] = await Promise.all([
    db
      .selectFrom('organizationFeatureFlags')
      .selectAll()
      .where('organizationId', 'in', organizationIds)
      .orderBy('name')
      .execute(),
    db
      .selectFrom('organizationWorkflows')
      .selectAll()
      .where('organizationId', 'in', organizationIds)
      .orderBy('name')
      .execute(),
  ]);
  return { featureFlags, workflows };
}
