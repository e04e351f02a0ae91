import { deriveIsIrhUser, type UserRole } from './user';

/** Marks provider-company users in their display name. */
export const IRH_MARKER = '(IRH)';

export type DisplayNameUser = {
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  title?: string | null;
  suffixes?: string | null;
  roles?: readonly UserRole[] | null;
};

/**
 * 'Dr. Jane Smith MD (IRH)': title, first name, last name, suffixes and, for provider-company users,
 * '(IRH)', joined by single spaces with blank parts skipped. `withTitleAndSuffixes: false` gives
 * 'Jane Smith (IRH)'. With no name parts at all it falls back to the email alone (no marker: the
 * email already identifies the person).
 */
export function formatUserDisplayName(
  user: DisplayNameUser,
  { withTitleAndSuffixes = true }: { withTitleAndSuffixes?: boolean } = {},
): string {
  const nameParts = withTitleAndSuffixes
    ? [user.title, user.firstName, user.lastName, user.suffixes]
    : [user.firstName, user.lastName];
  const name = joinParts(nameParts);
  if (name === '') return (user.email ?? '').trim();
  return joinParts([name, deriveIsIrhUser(user.roles) ? IRH_MARKER : null]);
}

function joinParts(parts: readonly (string | null | undefined)[]): string {
  return parts
    .map((p) => (p ?? '').trim())
    .filter((p) => p !== '')
    .join(' ');
}
