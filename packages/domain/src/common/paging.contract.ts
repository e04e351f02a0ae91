import { z } from 'zod';

/** Page links in the JSON:API style the portal's lists share: `next`/`prev` only where such a page exists. */
export const pageLinksSchema = z.object({
  self: z.string(),
  next: z.string().nullable(),
  prev: z.string().nullable(),
});
export type PageLinks = z.infer<typeof pageLinksSchema>;

/** Where a numbered page stands (SPEC §3 'Paged result'). */
export const pageMetadataSchema = z.object({
  totalCount: z.number().int(),
  page: z.number().int(),
  rows: z.number().int(),
});
export type PageMetadata = z.infer<typeof pageMetadataSchema>;

/** A numbered page of a list: `{links, data, metadata: {totalCount, page, rows}}`. */
export type PagedResponse<T> = { links: PageLinks; data: T[]; metadata: PageMetadata };
