import type { DefaultKind } from '@portal/domain';
import type { Db, Tx } from '../../db/transaction';

type Executor = Db | Tx;

/** Where each kind of default is stored. */
const DEFAULT_TABLES = { 'feature-flags': 'featureFlagDefaults', workflows: 'workflowDefaults' } as const;

export async function findFeatureFlagDefaults(db: Executor) {
  return db.selectFrom('featureFlagDefaults').selectAll().orderBy('name').execute();
}

export async function findWorkflowDefaults(db: Executor) {
  return db.selectFrom('workflowDefaults').selectAll().orderBy('name').execute();
}

/** Every default of a kind, by name. */
export async function findDefaults(db: Executor, kind: DefaultKind) {
  return kind === 'workflows' ? findWorkflowDefaults(db) : findFeatureFlagDefaults(db);
}

/** Another default of the kind with this name (not the one with `exceptId`). */
export async function findDefaultNamed(tx: Tx, kind: DefaultKind, name: string, exceptId?: string) {
  return tx
    .selectFrom(DEFAULT_TABLES[kind])
    .select('id')
    .where('name', '=', name)
    .$if(exceptId !== undefined, (query) => query.where('id', '!=', exceptId as string))
    .executeTakeFirst();
}

/** One default, locked for the rest of the transaction. */
export async function findDefaultForUpdate(tx: Tx, kind: DefaultKind, id: string) {
  return tx.selectFrom(DEFAULT_TABLES[kind]).selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** The columns a default is written with: a flag's, plus valueType and value for a workflow setting. */
export type DefaultValues = {
  name: string;
  title: string;
  description: string;
  enabled: boolean;
  valueType?: string;
  value?: string | null;
};

export async function insertDefault(tx: Tx, kind: DefaultKind, values: DefaultValues) {
  return tx
    .insertInto(DEFAULT_TABLES[kind])
    .values(values as never)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateDefaultRow(tx: Tx, kind: DefaultKind, id: string, values: DefaultValues) {
  return tx
    .updateTable(DEFAULT_TABLES[kind])
    .set(values as never)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteDefaultRow(tx: Tx, kind: DefaultKind, id: string) {
  await tx.deleteFrom(DEFAULT_TABLES[kind]).where('id', '=', id).execute();
}
