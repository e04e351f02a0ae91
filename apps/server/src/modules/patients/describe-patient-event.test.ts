import { describe, expect, it } from 'vitest';
import { describePatientEvent, patientEventKind } from './describe-patient-event';

const event = (overrides: Partial<Parameters<typeof describePatientEvent>[0]>) => ({
  entityType: 'patient',
  eventType: 'updated',
  documentType: null,
  before: null,
  after: null,
  ...overrides,
});
const entry = (medicationName: string | null, endDate: string | null = null) => ({
  id: 'e1',
  medicationName,
  startDate: '2025-01-01',
  endDate,
});

describe('the timeline’s one line per event', () => {
  it.each([
    [{ entityType: 'document', eventType: 'created', documentType: 'crm-alert' }, 'Alert report received'],
    [
      { entityType: 'document', eventType: 'acknowledged', documentType: 'rpm-report' },
      'Acknowledged the RPM report',
    ],
    [
      {
        entityType: 'document',
        eventType: 'update_pin',
        documentType: 'rpm-report',
        after: { isPinned: false },
      },
      'Unpinned the RPM report',
    ],
    [
      { entityType: 'document', eventType: 'emr_delivered', documentType: 'sleep-study' },
      'Sent the Sleep report to the EMR',
    ],
    [
      { entityType: 'document', eventType: 'emr_corrected', documentType: 'holter-study' },
      'The EMR marked its copy of the Holter report entered-in-error',
    ],
    [
      { entityType: 'document', eventType: 'emr_correction_queued', documentType: 'holter-study' },
      "Queued the correction of the Holter report's copy in the EMR (entered-in-error)",
    ],
    [
      {
        entityType: 'document',
        eventType: 'emr_delivery_failed',
        documentType: 'rpm-report',
        after: { final: true },
      },
      'The RPM report could not be sent to the EMR',
    ],
    [
      {
        entityType: 'document',
        eventType: 'emr_delivery_failed',
        documentType: 'rpm-report',
        after: { final: false },
      },
      'Sending the RPM report to the EMR failed; it will be tried again',
    ],
    [
      { entityType: 'study', eventType: 'created', after: { suite: 'sleep', studyType: null } },
      'Sleep study ordered',
    ],
    [
      { entityType: 'study', eventType: 'created', after: { suite: 'wcd', studyType: 'MCT' } },
      'MCT study ordered',
    ],
    [
      {
        entityType: 'study',
        eventType: 'pushed',
        after: { suite: 'abpm', studyType: null, vendor: 'Biobeat' },
      },
      'ABPM study sent to Biobeat',
    ],
    [
      {
        entityType: 'study',
        eventType: 'status_changed',
        after: { suite: 'sleep', status: 'ready-for-review' },
      },
      'Sleep study: ready for review',
    ],
    [
      { entityType: 'study', eventType: 'push_attempt_failed', after: { suite: 'wcd', studyType: 'Holter' } },
      'Holter study: sending failed, trying again',
    ],
    [{ entityType: 'patient', eventType: 'sleep_profile_updated' }, 'Sleep profile changed'],
    [{ entityType: 'document', eventType: 'hard_delete', documentType: null }, 'hard delete: the document'],
    [{ entityType: 'document', eventType: 'constructor', documentType: null }, 'constructor: the document'],
    [
      {
        eventType: 'update_oac',
        before: { oacStatus: 'not-on-oac' },
        after: { oacStatus: 'custom:has-laao' },
      },
      'OAC status: Not on OAC → Has LAAO (custom)',
    ],
    [
      { eventType: 'update_oac', before: { oacHistoryEntry: null }, after: { oacHistoryEntry: entry(null) } },
      'OAC history: (unknown medication) added',
    ],
    [
      {
        eventType: 'update_oac',
        before: { oacHistoryEntry: entry('Apixaban') },
        after: { oacHistoryEntry: entry('Apixaban', '2025-06-01') },
      },
      'OAC history: Apixaban ended',
    ],
    [
      {
        eventType: 'update_oac',
        before: { oacHistoryEntry: entry('Apixaban') },
        after: { oacHistoryEntry: entry('Edoxaban') },
      },
      'OAC history: Edoxaban changed',
    ],
    [
      {
        eventType: 'update_oac',
        before: { oacHistoryEntry: entry('Warfarin') },
        after: { oacHistoryEntry: null },
      },
      'OAC history: Warfarin removed',
    ],
    [
      { eventType: 'updated', after: { firstName: 'A', dob: '1950-01-01', contactInfo: {} } },
      'Changed first name, date of birth and contact information',
    ],
    [{ eventType: 'synced' }, 'Synced from FileMaker'],
    [{ eventType: 'created' }, 'Patient record created'],
    [
      { eventType: 'device_session', after: { kind: 'remote', deviceType: 'ICD', measurementCount: 24 } },
      'Remote transmission recorded (ICD, 24 values)',
    ],
    [
      { eventType: 'device_session', after: { kind: 'in-person', deviceType: 'PM', measurementCount: 1 } },
      'In-person device check recorded (PM, 1 value)',
    ],
  ])('%j reads %j', (facts, summary) => {
    expect(describePatientEvent(event(facts))).toBe(summary);
  });

  it('sorts each event into its kind', () => {
    expect(patientEventKind({ entityType: 'document', eventType: 'update_oac' })).toBe('document');
    expect(patientEventKind({ entityType: 'patient', eventType: 'update_oac' })).toBe('oac');
    expect(patientEventKind({ entityType: 'patient', eventType: 'synced' })).toBe('sync');
    expect(patientEventKind({ entityType: 'patient', eventType: 'deleted' })).toBe('patient');
    expect(patientEventKind({ entityType: 'patient', eventType: 'device_session' })).toBe('device');
  });
});
