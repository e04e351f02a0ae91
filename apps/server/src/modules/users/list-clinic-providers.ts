import { selectProviders } from '@portal/domain';
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/transaction';
import { toUserResource } from './to-user-resource';
import { assertClinicInScope } from './user-scope';
import { findClinicUsersPage } from './users.repository';

const MAX_PROVIDERS = 100;

/** SPEC §5 provider list: users with an NPI, not locked, holding the provider role there, sorted by name. */
export async function listClinicProviders(db: Db, actor: Actor, clinicNpi: string) {
  await assertClinicInScope(db, actor, clinicNpi, 'user:read');
  const { rows } = await findClinicUsersPage(db, {
    clinicNpi,
    query: { page: 1, rows: MAX_PROVIDERS, order: 'firstName', 'filter[role]': 'provider' },
  });
  const resources = rows.map((row) => toUserResource(row));
  const chosen = selectProviders(
    resources.map((resource) => ({ id: resource.id, ...resource.attributes })),
    clinicNpi,
  );
  const byId = new Map(resources.map((resource) => [resource.id, resource]));
  return chosen.flatMap((provider) => {
    const resource = byId.get(provider.id);
    return resource ? [resource] : [];
  });
}
