import { sql } from 'kysely';
import type { Db, Tx } from '../../db/transaction';
import { toContainsPattern } from '../../http/paging';
import type { OrganizationListQuery, OrganizationSortField } from './clinics.schemas';

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

export async function findFeatureFlagDefaults(db: Executor) {
  return db.selectFrom('featureFlagDefaults').selectAll().orderBy('name').execute();
}

export async function findWorkflowDefaults(db: Executor) {
  return db.selectFrom('workflowDefaults').selectAll().orderBy('name').execute();
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
