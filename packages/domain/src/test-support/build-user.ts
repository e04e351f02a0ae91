import type { User } from '../users/user';

/** Test factory: a plain clinic user, overridden field by field. Not exported from the package. */
export function buildUser(overrides: Partial<User> = {}): User {
  return {
    id: 'auth0|user-1',
    email: 'jane.doe@clinic.example',
    firstName: 'Jane',
    lastName: 'Doe',
    title: null,
    suffixes: null,
    npi: null,
    phone: null,
    roles: [],
    homePage: null,
    samlProfileId: null,
    isLocked: false,
    createdAt: null,
    updatedAt: null,
    ...overrides,
  };
}
