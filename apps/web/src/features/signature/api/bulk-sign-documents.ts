import type { BulkResult, BulkSignDocumentsBody } from '@portal/domain';
import { apiClient } from '../../../lib/api-client';
import { localTime } from './local-time';

/** Whether one document of a bulk operation was changed. */
export type BulkSignResult = BulkResult;

/** POST /api/reports/bulk-sign: signs each id it may; answers per document. */
export function bulkSignDocuments({ ids, note }: { ids: string[]; note: string }): Promise<BulkSignResult[]> {
  const body: BulkSignDocumentsBody = { ids, ...(note && { note }), localTime: localTime() };
  return apiClient.post<BulkSignResult[]>('/api/reports/bulk-sign', body);
}
