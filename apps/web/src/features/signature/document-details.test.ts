import { describe, expect, it } from 'vitest';
import { findDeviceKind, listDocumentDetails } from './document-details';
import type { DocumentAttributes } from './document-resource';

// Only what the details panel reads.
const base = {
  clinicNpi: '1209945553',
  clinicName: 'Aspen Hollow Cardiology',
  type: 'implicity-90-day-remote-report',
  alert: null,
  alertType: null,
  alertText: null,
  status: 'unsigned',
  assignedTo: 'auth0|demo-provider',
  dos: '2026-11-02T09:30:00.000Z',
  device: 'ICD',
  deviceDetail: {
    manufacturer: 'Boston Scientific',
    modelName: 'Resonate X4 CRT-D',
    serialNumber: 'SN1',
    chambers: 'BiV',
    implantDate: '2022-01-18',
  },
  patientId: 'P1',
  patientDob: '1950-01-26',
  patientFirstName: 'Hiro',
  patientLastName: 'Abbott',
  physicianName: null,
  serviceLine: 'crm',
  isPinned: false,
  locked: false,
  isHidden: false,
  systemError: false,
  note: '',
  signedBy: null,
  signedAt: null,
  storagePath: '',
  createdAt: '2026-11-03T10:00:00.000Z',
} as DocumentAttributes;

const nameOf = (id: string) => (id === 'auth0|demo-provider' ? 'Dr. Paula Reyes MD' : 'another user');

function labels(document: DocumentAttributes) {
  return Object.fromEntries(
    listDocumentDetails(document, { nameOf }).map((section) => [
      section.title,
      section.fields.map((field) => field.label),
    ]),
  );
}

describe('the details panel fits the service line', () => {
  it.each([
    [{ type: 'implicity-90-day-remote-report', serviceLine: 'crm' }, 'implant'],
    [{ type: 'crm-alert', serviceLine: 'crm' }, 'implant'],
    [{ type: 'FileMaker-30-day-ILR-Report', serviceLine: 'crm' }, 'loop-recorder'],
    [{ type: 'crm-alert', serviceLine: 'crm', device: 'ILR' }, 'loop-recorder'],
    [{ type: 'holter-study', serviceLine: 'crm' }, 'study'],
    [{ type: 'mcot-study', serviceLine: 'crm' }, 'study'],
    [{ type: 'sleep-study', serviceLine: 'sleep' }, 'study'],
    [{ type: 'abpm-study', serviceLine: 'abpm' }, 'study'],
    [{ type: 'we-study', serviceLine: 'wcd' }, 'study'],
    [{ type: 'implicity-crm-report', serviceLine: 'wcd' }, 'wearable'],
    [{ type: 'rpm-report', serviceLine: 'rpm' }, 'rpm'],
    [{ type: 'rpm-alert', serviceLine: 'rpm' }, 'rpm'],
  ] as const)('%o is about a %s', (fields, kind) => {
    expect(findDeviceKind({ ...base, ...fields })).toBe(kind);
  });

  it('a pacemaker or defibrillator shows its leads and implant date', () => {
    expect(labels(base)['Implanted device']).toEqual([
      'Device',
      'Manufacturer',
      'Model',
      'Serial number',
      'Leads',
      'Implant date',
    ]);
  });

  it('a loop recorder has no leads', () => {
    const ilr = labels({
      ...base,
      type: 'FileMaker-30-day-ILR-Report',
      device: 'ILR',
      deviceDetail: { ...base.deviceDetail, modelName: 'LINQ II', chambers: 'No Leads' },
    });
    expect(ilr['Loop recorder']).toEqual(['Manufacturer', 'Model', 'Serial number', 'Implant date']);
  });

  it('a Holter study shows its recorder and recording, never an implant or leads', () => {
    const holter = labels({
      ...base,
      type: 'holter-study',
      device: 'Holter',
      deviceDetail: {
        manufacturer: 'Philips',
        modelName: 'DigiTrak XT',
        chambers: 'BiV',
        implantDate: '2022-01-18',
      },
      clinicalStart: '2026-11-01T08:00:00.000Z',
      clinicalEnd: '2026-11-02T08:00:00.000Z',
    });
    expect(holter.Recorder).toEqual(['Device', 'Manufacturer', 'Model', 'Recording']);
    expect(JSON.stringify(holter)).not.toMatch(/Implant|Leads/);
  });

  it('an RPM report shows its home devices, encounter and readings, and nothing implanted', () => {
    const sections = listDocumentDetails(
      {
        ...base,
        type: 'rpm-report',
        serviceLine: 'rpm',
        device: 'BP cuff',
        deviceDetail: {
          manufacturer: 'Omron',
          modelName: 'BP7000',
          chambers: 'Dual',
          implantDate: '2020-01-01',
        },
        rpmEncounterId: 'ENC-42',
        metadata: { readings: [{ label: 'Average BP', value: '128/82', unit: 'mmHg' }, { label: 'x' }] },
      },
      { nameOf },
    );
    const rpm = Object.fromEntries(sections.map((section) => [section.title, section.fields]));
    expect(rpm['Home monitoring']?.map((field) => field.label)).toEqual([
      'Devices',
      'Manufacturer',
      'Model',
      'Encounter',
    ]);
    expect(rpm.Readings).toEqual([{ label: 'Average BP', value: '128/82 mmHg' }]);
    expect(JSON.stringify(rpm)).not.toMatch(/Implant|Leads|Serial/);
  });

  it("names SPEC §1's WCD suite by what it is: wearable cardiac monitoring, not a defibrillator", () => {
    const sections = listDocumentDetails({ ...base, type: 'holter-study', serviceLine: 'wcd' }, { nameOf });
    const serviceLine = sections
      .flatMap((section) => section.fields)
      .find((field) => field.label === 'Service line');
    expect(serviceLine?.value).toBe('Wearable cardiac monitoring');
  });

  it('names the assignee by display name and leaves out what it cannot show', () => {
    const sections = listDocumentDetails({ ...base, deviceDetail: null, device: null }, { nameOf });
    const report = sections.find((section) => section.title === 'Report')?.fields ?? [];
    expect(report).toContainEqual({ label: 'Assigned to', value: 'Dr. Paula Reyes MD' });
    expect(report.map((field) => field.label)).not.toContain('Physician');
    expect(sections.map((section) => section.title)).toEqual(['Patient', 'Report']);
    const unassigned = listDocumentDetails({ ...base, assignedTo: null }, { nameOf });
    expect(unassigned[1]?.fields).toContainEqual({ label: 'Assigned to', value: 'Unassigned' });
  });

  it('key results from the report metadata are listed', () => {
    const sections = listDocumentDetails(
      { ...base, metadata: { keyResults: [{ label: 'AF burden', value: '3.2 %' }] } },
      { nameOf },
    );
    expect(sections.at(-1)).toEqual({
      title: 'Key results',
      fields: [{ label: 'AF burden', value: '3.2 %' }],
    });
  });
});

describe('the review deadline in the details (issue 17)', () => {
  const nameOf = (id: string) => id;
  const reviewDue = (document: DocumentAttributes) =>
    listDocumentDetails(document, { nameOf, now: new Date('2026-11-05T10:00:00.000Z') })
      .flatMap((section) => section.fields)
      .find((field) => field.label === 'Review due')?.value;

  it('says how long is left, or by how much it is overdue, while the document waits', () => {
    expect(reviewDue({ ...base, dueAt: '2026-11-05T13:00:00.000Z' })).toBe('due in 3 h (11/05/2026)');
    expect(reviewDue({ ...base, dueAt: '2026-11-03T09:00:00.000Z' })).toBe('overdue by 2 d (11/03/2026)');
  });

  it('is not shown once the document is signed, or without a due time', () => {
    expect(reviewDue({ ...base, status: 'signed', dueAt: '2026-11-03T09:00:00.000Z' })).toBeUndefined();
    expect(reviewDue({ ...base, dueAt: null })).toBeUndefined();
  });
});
