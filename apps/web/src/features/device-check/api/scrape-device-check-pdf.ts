import type { PdfScrapeResponse } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { deviceChecksApiPath } from './submit-device-check';

/**
 * POST .../device-checks/pdf-scrape with the interrogation PDF as the body: the values the server reads
 * from it, each with its page and box, or none and why. Nothing is saved.
 */
export function useScrapeDeviceCheckPdf() {
  return useMutation({
    mutationFn: ({ clinicNpi, patientId, file }: { clinicNpi: string; patientId: string; file: File }) =>
      apiClient.post<PdfScrapeResponse>(`${deviceChecksApiPath(clinicNpi, patientId)}/pdf-scrape`, file, {
        headers: { 'Content-Type': 'application/pdf' },
      }),
  });
}
