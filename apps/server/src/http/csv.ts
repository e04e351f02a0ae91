// CSV exports (advisory patients, the daily report): one writer, safe from spreadsheet formulas.

/**
 * Characters that make a spreadsheet read a cell as a formula (OWASP's CSV injection list): such a cell
 * is written with a leading apostrophe, which spreadsheets show as text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break, quotes doubled. */
export function formatCsvField(value: string | null | undefined): string {
  const text = value ?? '';
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A CSV file (RFC 4180): records ended by CRLF, the first one the header. */
export function formatCsv(records: readonly (readonly (string | null | undefined)[])[]): string {
  return records.map((record) => `${record.map(formatCsvField).join(',')}\r\n`).join('');
}
