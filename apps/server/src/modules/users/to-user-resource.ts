import { deriveIsIrhUser, deriveUserAccountState, type UserResource, type UserRole } from '@portal/domain';
import type { UserRow } from '../../db/schema';

/** The API shape of a user; `visibleRoles` lets a caller hide roles at clinics the viewer cannot see. */
export function toUserResource(row: UserRow, visibleRoles: readonly UserRole[] = row.roles): UserResource {
  return {
    id: row.id,
    attributes: {
      email: row.email,
      firstName: row.firstName,
      lastName: row.lastName,
      title: row.title,
      suffixes: row.suffixes,
      npi: row.npi,
      phone: row.phone,
      homePage: row.homePage,
      roles: visibleRoles.map(({ role, clinicNPI }) => ({ role, clinicNPI })),
      // Derived from all roles, even those hidden from the viewer: it is what the display name shows.
      isIrhUser: deriveIsIrhUser(row.roles),
      isLocked: row.isLocked,
      accountState: deriveUserAccountState({
        isLocked: row.isLocked,
        hasPassword: row.passwordHash !== null,
        isFederated: !row.id.startsWith('auth0|'),
        loginLockedUntil: row.loginLockedUntil,
      }),
      lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
      samlProfileId: row.samlProfileId,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    },
  };
}

/**
 * What an audit event records of a user: the profile and roles, never credentials, the channel id or the
 * last sign-in (a sign-in is not a change to the user).
 */
export function toAuditSnapshot(row: UserRow) {
  const {
    passwordHash: _hash,
    failedLoginCount: _count,
    loginLockedUntil: _until,
    channelId: _channel,
    lastSignInAt: _lastSignIn,
    ...profile
  } = row;
  return profile;
}
