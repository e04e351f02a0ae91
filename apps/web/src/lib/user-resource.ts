import type { UserAccountState, UserRole } from '@portal/domain';

/** A user as the /api/users routes return it. */
export type UserAttributes = {
  email: string;
  firstName: string;
  lastName: string;
  title: string;
  suffixes: string;
  npi: string | null;
  phone: string;
  homePage: string;
  roles: UserRole[];
  isIrhUser: boolean;
  isLocked: boolean;
  /** invited (no password yet), active, locked, or temporarily locked after failed sign-ins */
  accountState: UserAccountState;
  /** the last sign-in through the portal's login page (ISO), or null when never */
  lastSignInAt: string | null;
  samlProfileId: string | null;
  createdAt: string;
  updatedAt: string;
};

export type UserResource = { id: string; attributes: UserAttributes };

/** A clinic the signed-in user may open (GET /api/users/me). */
export type AllowedClinic = { id: string; npi: string; code: string; name: string };
