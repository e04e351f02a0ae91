/** A physician as the EMR header names one. */
export type EmrPhysician = { name: string; npi: string | null };

/**
 * The clinic's 'referring and interpreting physician' setting: "Interpreting Name (NPI); Referring Name
 * (NPI)", either part optional, the NPI in brackets optional. Blank parts are null.
 */
export function parseReferringAndInterpreting(value: unknown): {
  interpreting: EmrPhysician | null;
  referring: EmrPhysician | null;
} {
  const text = typeof value === 'string' ? value : '';
  const [interpreting, referring] = text.split(';').map((part) => parsePhysician(part));
  return { interpreting: interpreting ?? null, referring: referring ?? null };
}

function parsePhysician(part: string): EmrPhysician | null {
  const trimmed = part.trim();
  if (trimmed === '') return null;
  const match = /^(.*?)\s*\((\d{10})\)\s*$/.exec(trimmed);
  return match ? { name: (match[1] ?? '').trim(), npi: match[2] ?? null } : { name: trimmed, npi: null };
}
