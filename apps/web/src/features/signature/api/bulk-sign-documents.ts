import { apiClient } from '../../../lib/api-client';
import { localTime } from './local-time';

export type BulkSignResult = { reportId: string; success: boolean };

/** POST /api/reports/bulk-sign: signs each id it may; answers per document. */
export function bulkSignDocuments({ ids, note }: { ids: string[]; note: string }): Promise<BulkSignResult[]> {
  return apiClient.post<BulkSignResult[]>('/api/reports/bulk-sign', {
    ids,
    ...(note && { note }),
    localTime: localTime(),
  });
}
