import type { Cell, LaterPage, StripSpec, Table } from './demo-report-types';

export const DAY_MS = 86_400_000;
export const STRIPS_PER_PAGE = 3;
/** Rows of a table that fill a page under the running header. */
export const TABLE_ROWS_PER_PAGE = 36;

const pad = (value: number) => String(value).padStart(2, '0');

/** MM/dd/yyyy in UTC (SPEC §9 'US date'), so the report reads the same on every server. */
export function formatDate(date: Date): string {
  return `${pad(date.getUTCMonth() + 1)}/${pad(date.getUTCDate())}/${date.getUTCFullYear()}`;
}

/** hh:mm am, UTC. */
export function formatTime(date: Date): string {
  const hours = date.getUTCHours();
  return `${pad(hours % 12 || 12)}:${pad(date.getUTCMinutes())} ${hours < 12 ? 'am' : 'pm'}`;
}

/** MM/dd/yyyy hh:mm:ss am (SPEC §9 'US'), UTC. */
export function formatDateTime(date: Date): string {
  const hours = date.getUTCHours();
  return `${formatDate(date)} ${pad(hours % 12 || 12)}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} ${hours < 12 ? 'am' : 'pm'}`;
}

/** MM/dd hh:mm am, for long tables of readings. */
export function formatShortDateTime(date: Date): string {
  return `${pad(date.getUTCMonth() + 1)}/${pad(date.getUTCDate())} ${formatTime(date)}`;
}

/** A Date or an ISO date ('1950-03-07…') as MM/dd/yyyy; any other text as given. */
export function formatDateText(value: Date | string): string {
  if (value instanceof Date) return formatDate(value);
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return iso ? `${iso[2]}/${iso[3]}/${iso[1]}` : value;
}

/** '48 h', '13 days 6 h', '7 h 42 min'. */
export function formatDuration(milliseconds: number): string {
  const minutes = Math.round(milliseconds / 60_000);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  if (days >= 3) return hours === 0 ? `${days} days` : `${days} days ${hours} h`;
  if (minutes >= 1440) return `${Math.floor(minutes / 60)} h`;
  return `${hours} h ${minutes % 60} min`;
}

export const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
export const thousands = (value: number) => value.toLocaleString('en-US');

/** The strips, three to a page, over exactly `pages` pages (the last ones may hold fewer). */
export function episodePages(title: string, strips: StripSpec[], pages: number): LaterPage[] {
  return Array.from({ length: pages }, (_unused, index) => ({
    kind: 'episodes' as const,
    title,
    strips: strips.slice(index * STRIPS_PER_PAGE, (index + 1) * STRIPS_PER_PAGE),
  }));
}

/**
 * The rows spread evenly over exactly `pages` pages of the same table, at most a page's worth each; rows
 * that do not fit are summarised in the last page's note.
 */
export function tablePages(
  title: string,
  table: Omit<Table, 'rows'>,
  rows: Cell[][],
  pages: number,
): LaterPage[] {
  if (pages <= 0) return [];
  const perPage = Math.min(TABLE_ROWS_PER_PAGE, Math.max(1, Math.ceil(rows.length / pages)));
  const shown = perPage * pages;
  return Array.from({ length: pages }, (_unused, index) => {
    const pageRows = rows.slice(index * perPage, (index + 1) * perPage);
    const last = index === pages - 1;
    const note =
      pageRows.length === 0
        ? 'No further entries.'
        : last && rows.length > shown
          ? `${rows.length - shown} further entries are kept with the raw data.`
          : undefined;
    return {
      kind: 'table' as const,
      title,
      table: { ...table, title: index === 0 ? table.title : `${table.title} (continued)`, rows: pageRows },
      ...(note ? { note } : {}),
    };
  });
}
