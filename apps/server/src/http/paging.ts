import type { PagedResponse, PageLinks } from '@portal/domain';

/**
 * Links to a numbered page's neighbours: the same path and filters at another page. `sizeParam` names the
 * page-size parameter: SPEC's tables say `rows`, its study lists `size`.
 */
export function buildPageLinks(options: {
  url: string;
  page: number;
  rows: number;
  totalCount: number;
  sizeParam?: 'rows' | 'size';
}): PageLinks {
  const [pathname = '', search = ''] = options.url.split('?');
  const linkTo = (page: number) => {
    const params = new URLSearchParams(search);
    params.set('page', String(page));
    params.set(options.sizeParam ?? 'rows', String(options.rows));
    return `${pathname}?${params.toString()}`;
  };
  const lastPage = Math.max(1, Math.ceil(options.totalCount / options.rows));
  return {
    self: linkTo(options.page),
    next: options.page < lastPage ? linkTo(options.page + 1) : null,
    prev: options.page > 1 ? linkTo(Math.min(options.page - 1, lastPage)) : null,
  };
}

/** Escapes LIKE wildcards so a user's search text matches literally. */
export function toContainsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** The body of a paged list: `{links, data, metadata: {totalCount, page, rows}}`. */
export function toPagedResponse<T>(options: {
  url: string;
  page: number;
  rows: number;
  totalCount: number;
  data: T[];
}): PagedResponse<T> {
  const { url, page, rows, totalCount, data } = options;
  return {
    links: buildPageLinks({ url, page, rows, totalCount }),
    data,
    metadata: { totalCount, page, rows },
  };
}
