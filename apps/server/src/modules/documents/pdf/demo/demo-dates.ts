// Dates in the demo data, kept apart from demo-format so the device catalogue can use them without an
// import cycle through the report types.

/** An ISO date ('2019-04-15') as a UTC Date; null when it is not one. */
export function parseIsoDate(value: string | null | undefined): Date | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value ?? '');
  if (!iso) return null;
  const date = new Date(Date.UTC(Number(iso[1]), Number(iso[2]) - 1, Number(iso[3])));
  return Number.isNaN(date.getTime()) ? null : date;
}
