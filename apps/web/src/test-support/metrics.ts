import type {
  ClinicActivity,
  ClinicSummary,
  ClinicSummaryList,
  DailyReport,
  EscalationQueue,
  EscalationQueueItem,
  OverdueTransmissions,
  Ticker,
} from '@portal/domain';
import { CLINIC } from './render-as';

// The metrics routes' answers (issue 17), as the component tests of the metrics screens and the header
// ticker need them. The API client checks each against its contract, so they stay true to the server.

export const OTHER_CLINIC = { npi: '1655154049', name: 'Birchwood Heart Center' };

export function tickerAnswer(changes: Partial<Ticker> = {}): Ticker {
  return {
    unsigned: 37,
    alerts: { high: 3, medium: 5, low: 2 },
    overdue: 4,
    dueToday: 6,
    clinicNpi: CLINIC.npi,
    asOf: '2026-06-01T12:00:00.000Z',
    ...changes,
  };
}

const counts = (received: number, signed: number, acknowledged = 0, trashed = 0) => ({
  received,
  signed,
  acknowledged,
  trashed,
});

export function clinicActivityAnswer(
  changes: Partial<ClinicActivity> = {},
  clinic: { npi: string; name: string } = CLINIC,
): ClinicActivity {
  return {
    clinicNpi: clinic.npi,
    clinicName: clinic.name,
    from: '2026-05-04',
    to: '2026-05-24',
    interval: 'week',
    periods: [
      { start: '2026-05-04', ...counts(30, 24, 3, 1), byServiceLine: [], byType: [] },
      { start: '2026-05-11', ...counts(26, 28, 2, 0), byServiceLine: [], byType: [] },
      { start: '2026-05-18', ...counts(34, 20, 4, 2), byServiceLine: [], byType: [] },
    ],
    totals: counts(90, 72, 9, 3),
    timeToSign: [
      { level: 'high', count: 6, medianHours: 2.5, p90Hours: 11 },
      { level: 'medium', count: 10, medianHours: 20, p90Hours: 60 },
      { level: 'low', count: 0, medianHours: null, p90Hours: null },
      { level: 'routine', count: 65, medianHours: 50, p90Hours: 200 },
    ],
    backlog: [
      { bucket: '0-1', count: 12 },
      { bucket: '2-7', count: 15 },
      { bucket: '8-30', count: 7 },
      { bucket: '31+', count: 3 },
    ],
    deadlines: { met: 74, missed: 7, overdueUnsigned: 3, metPercent: 91.4 },
    overduePatients: { count: 2, monitoredCount: 48 },
    ...changes,
  };
}

export function overdueTransmissionsAnswer(): OverdueTransmissions {
  return {
    data: [
      {
        patientId: '5b0c3f0e-9d6a-4a44-8d0e-1f2a3b4c5d6e',
        patientMrn: 'P900103',
        patientName: 'Quill, Henrietta',
        deviceType: 'ICD',
        connectivity: 'disconnected',
        lastTransmissionAt: '2026-01-10T09:00:00.000Z',
        scheduleDays: 91,
        overdueFrom: '2026-04-18T09:00:00.000Z',
        daysOverdue: 44,
      },
      {
        patientId: '6c1d4a1f-0e7b-4b55-9e1f-2a3b4c5d6e7f',
        patientMrn: 'P900221',
        patientName: 'Marsh, Otto',
        deviceType: 'ILR',
        connectivity: null,
        lastTransmissionAt: null,
        scheduleDays: 31,
        overdueFrom: '2026-05-20T09:00:00.000Z',
        daysOverdue: 12,
      },
    ],
    metadata: { totalCount: 2, monitoredCount: 48 },
  };
}

function summary(clinic: { npi: string; name: string }, changes: Partial<ClinicSummary>): ClinicSummary {
  return {
    clinicNpi: clinic.npi,
    clinicName: clinic.name,
    unsigned: 0,
    alerts: { high: 0, medium: 0, low: 0 },
    overdue: 0,
    dueToday: 0,
    backlog: [
      { bucket: '0-1', count: 0 },
      { bucket: '2-7', count: 0 },
      { bucket: '8-30', count: 0 },
      { bucket: '31+', count: 0 },
    ],
    ...changes,
  };
}

export function clinicSummariesAnswer(): ClinicSummaryList {
  return {
    data: [
      summary(CLINIC, { unsigned: 37, alerts: { high: 3, medium: 5, low: 2 }, overdue: 4, dueToday: 6 }),
      summary(OTHER_CLINIC, {
        unsigned: 12,
        alerts: { high: 0, medium: 1, low: 0 },
        overdue: 9,
        dueToday: 1,
        backlog: [
          { bucket: '0-1', count: 2 },
          { bucket: '2-7', count: 3 },
          { bucket: '8-30', count: 2 },
          { bucket: '31+', count: 5 },
        ],
      }),
      summary({ npi: '1902837465', name: 'Cedar Valley Cardiology' }, { unsigned: 0 }),
    ],
    asOf: '2026-06-01T12:00:00.000Z',
  };
}

export const QUEUE_DOCUMENT_ID = '0b7c6a3e-2a4f-4c1e-9d55-3f0a1b2c3d4e';

export function escalationItem(changes: Partial<EscalationQueueItem> = {}): EscalationQueueItem {
  return {
    documentId: QUEUE_DOCUMENT_ID,
    clinicNpi: CLINIC.npi,
    clinicName: CLINIC.name,
    type: 'crm-alert',
    alert: 'high',
    receivedAt: '2026-05-30T08:00:00.000Z',
    dueAt: '2026-05-31T08:00:00.000Z',
    overdue: true,
    assignedToName: 'Dr. Paula Reyes',
    step: 'due',
    lastInternalReview: null,
    ...changes,
  };
}

export function escalationQueueAnswer(items: EscalationQueueItem[] = [escalationItem()]): EscalationQueue {
  return {
    links: { self: '/api/reports/metrics/alert-escalation?page=1&size=25', next: null, prev: null },
    data: items,
    metadata: {
      totalCount: items.length,
      page: 1,
      rows: 25,
      counts: {
        overdue: { high: 1, medium: 0, low: 0, routine: 3 },
        soonDue: { high: 0, medium: 2, low: 1, routine: 0 },
      },
    },
  };
}

export function dailyReportAnswer(date = '2026-05-31'): DailyReport {
  return {
    date,
    generatedAt: `${date}T23:59:00.000Z`,
    data: [
      {
        clinicNpi: CLINIC.npi,
        clinicName: CLINIC.name,
        received: 14,
        signed: 11,
        acknowledged: 2,
        overdue: 4,
        escalations: 3,
        overduePatients: 2,
      },
      {
        clinicNpi: OTHER_CLINIC.npi,
        clinicName: OTHER_CLINIC.name,
        received: 6,
        signed: 7,
        acknowledged: 0,
        overdue: null,
        escalations: 0,
        overduePatients: null,
      },
    ],
  };
}
