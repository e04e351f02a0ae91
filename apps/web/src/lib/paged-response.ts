/** The generic paged list of the API (SPEC §3 'Paged result'). */
export type PagedResponse<T> = {
  links: { self: string; next: string | null; prev: string | null };
  data: T[];
  metadata: { totalCount: number; page: number; rows: number };
};
