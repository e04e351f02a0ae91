import { auditResponseContracts } from '../audit/audit.contract';
import { portalConfigResponseContracts } from '../auth/portal-config.contract';
import { clinicsResponseContracts } from '../clinics/clinics.contract';
import { deviceCaptureResponseContracts } from '../device-capture/device-capture.contract';
import {
  deviceCheckResponseContracts,
  deviceDataImportResponseContracts,
  longitudinalResponseContracts,
} from '../device-data/device-data.contract';
import { pdfScrapeResponseContracts } from '../device-data/pdf-scrape.contract';
import { escalationsResponseContracts } from '../metrics/escalations.contract';
import { metricsResponseContracts } from '../metrics/metrics.contract';
import { transmissionsResponseContracts } from '../metrics/transmissions.contract';
import { notificationsResponseContracts } from '../notifications/notifications.contract';
import {
  manufacturerAdvisoriesResponseContracts,
  patientLinksResponseContracts,
  patientsResponseContracts,
} from '../patients/patients.contract';
import { realtimeResponseContracts } from '../realtime/realtime.contract';
import { commentsResponseContracts } from '../reports/comments.contract';
import { documentsResponseContracts } from '../reports/documents.contract';
import { studiesResponseContracts } from '../studies/studies.contract';
import { usersResponseContracts } from '../users/users.contract';
import type { ResponseContract } from './api-contract';
import { healthResponseContracts } from './health.contract';

/**
 * Every API route's response contract, one list per feature (each feature's `*.contract.ts` declares
 * its own). The web checks answers against these in development and tests; a server test proves each
 * is the very schema its route declares.
 */
export const API_RESPONSE_CONTRACTS: readonly ResponseContract[] = [
  ...auditResponseContracts,
  ...portalConfigResponseContracts,
  ...healthResponseContracts,
  ...clinicsResponseContracts,
  ...commentsResponseContracts,
  ...deviceCaptureResponseContracts,
  ...deviceCheckResponseContracts,
  ...deviceDataImportResponseContracts,
  ...documentsResponseContracts,
  ...escalationsResponseContracts,
  ...metricsResponseContracts,
  ...transmissionsResponseContracts,
  ...longitudinalResponseContracts,
  ...notificationsResponseContracts,
  ...studiesResponseContracts,
  ...manufacturerAdvisoriesResponseContracts,
  ...patientLinksResponseContracts,
  ...patientsResponseContracts,
  ...pdfScrapeResponseContracts,
  ...realtimeResponseContracts,
  ...usersResponseContracts,
];
