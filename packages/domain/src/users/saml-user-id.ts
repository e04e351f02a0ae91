import type { UserIdType } from './user';

export const SAML_USER_ID_MESSAGE = 'Input string must have exactly two "|" characters';

export type SamlUserId = {
  prefix: string;
  connection: string;
  email: string;
};

/** Splits 'samlp|{connection}|{email}'; anything but exactly three '|'-separated parts is rejected. */
export function parseSamlUserId(id: unknown): SamlUserId {
  if (typeof id !== 'string') throw new Error(SAML_USER_ID_MESSAGE);
  const parts = id.split('|');
  if (parts.length !== 3) throw new Error(SAML_USER_ID_MESSAGE);
  const [prefix = '', connection = '', email = ''] = parts;
  return { prefix, connection, email };
}

/** Two spaces after the period, as in SPEC §5. */
export function formatUnknownUserTypeMessage(id: string): string {
  return `Unknown user type.  userId:${id}`;
}

/** 'auth0' or 'samlp' from the id's prefix; anything else throws. */
export function getUserIdType(id: string): UserIdType {
  if (id.startsWith('auth0|')) return 'auth0';
  if (id.startsWith('samlp|')) return 'samlp';
  throw new Error(formatUnknownUserTypeMessage(id));
}
