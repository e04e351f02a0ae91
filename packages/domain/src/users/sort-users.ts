/** Case-insensitive (accents still count), fixed locale so server and browser agree. */
const nameCollator = new Intl.Collator('en', { sensitivity: 'accent' });

type NamedUser = { firstName?: string | null; lastName?: string | null };

/** Compares by first name, then last name, ignoring case. */
export function compareUsersByName(a: NamedUser, b: NamedUser): number {
  return (
    nameCollator.compare(a.firstName ?? '', b.firstName ?? '') ||
    nameCollator.compare(a.lastName ?? '', b.lastName ?? '')
  );
}

/** A sorted copy; the input is left as it was. Ties keep their input order. */
export function sortUsersByName<T extends NamedUser>(users: readonly T[]): T[] {
  return [...users].sort(compareUsersByName);
}
