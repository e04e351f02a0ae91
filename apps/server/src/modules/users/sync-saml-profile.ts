import { DEFAULT_SAML_CONNECTION_NAME, type SamlProfile, type UserProfileInput } from '@portal/domain';
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/transaction';
import { createUser } from './create-user';
import { updateUser } from './update-user';
import { getUserByEmailInScope } from './user-scope';

/** The portal's profile fields from a SAML assertion's profile (SPEC §3 SAML profile payload). */
function toProfile(profile: SamlProfile): UserProfileInput {
  return {
    email: profile.email,
    firstName: profile.firstName ?? '',
    lastName: profile.lastName ?? '',
    title: profile.title ?? '',
    suffixes: profile.suffixes ?? '',
    npi: profile.npi || null,
    phone: profile.phoneNo ?? '',
    homePage: profile.startPage ?? '',
    roles: (profile.clinics ?? []).map(({ role, clinicNPI }) => ({
      role,
      clinicNPI,
    })) as UserProfileInput['roles'],
  };
}

export function samlUserIdFor(profile: SamlProfile): string {
  return `samlp|${profile.samlConnectionName || DEFAULT_SAML_CONNECTION_NAME}|${profile.email.toLowerCase()}`;
}

/** PATCH users/updateUserByEmail/{email}: updates a federated user's profile; 404 when there is none. */
export async function patchSamlProfile(db: Db, actor: Actor, email: string, profile: SamlProfile) {
  const { user } = await getUserByEmailInScope(db, actor, email, 'user:update');
  return updateUser(db, actor, user.id, toProfile({ ...profile, email }));
}

/** POST users: creates the federated user a SAML sign-in brought (the fallback after a 404). */
export async function createSamlUser(db: Db, actor: Actor, profile: SamlProfile) {
  const id = samlUserIdFor(profile);
  return createUser(db, actor, { ...toProfile(profile), id, samlProfileId: id });
}
