import { describe, expect, it } from 'vitest';
import {
  DOCUMENT_TYPE_REPORT_LABELS,
  DOCUMENT_TYPES,
  isAlertDocumentType,
  REPORT_TYPE_LABELS,
} from './document-types';
import {
  buildReportPdfFilename,
  formatReportFilenameDate,
  getReportTypeLabel,
  toAsciiFilename,
} from './report-filename';

const patient = { patientFirstName: 'Jane', patientLastName: 'Doe', dos: '2024-03-05T14:07:09.000Z' };

describe('buildReportPdfFilename', () => {
  it.each([
    [
      'a 30-day ILR report',
      { type: 'FileMaker-30-day-ILR-Report', device: 'ILR' },
      'ILR_30_day_report_Jane_Doe_2024-03-05.pdf',
    ],
    [
      'a 90-day remote report',
      { type: 'implicity-90-day-remote-report', device: 'ICD' },
      'ICD_90_day_report_Jane_Doe_2024-03-05.pdf',
    ],
    [
      'an in-person device check',
      { type: 'in-person-device-check', device: 'PM' },
      'PM_in_person_report_Jane_Doe_2024-03-05.pdf',
    ],
    [
      'a CRM alert uses its alert name',
      { type: 'crm-alert', device: 'ICD', alert: 'VT', alertType: 'arrhythmia' },
      'ICD_VT_alert_Jane_Doe_2024-03-05.pdf',
    ],
    [
      'an alert without a name uses its alertType',
      { type: 'rpm-alert', device: 'RPM', alert: null, alertType: 'weight' },
      'RPM_weight_alert_Jane_Doe_2024-03-05.pdf',
    ],
    [
      'spaces in an alert name become hyphens',
      { type: 'crm-alert', device: 'ICD', alert: 'AF burden' },
      'ICD_AF-burden_alert_Jane_Doe_2024-03-05.pdf',
    ],
    [
      'a missing device is skipped, not left as a gap',
      { type: 'holter-study', device: null },
      'holter_study_Jane_Doe_2024-03-05.pdf',
    ],
  ])('names %s', (_story, doc, filename) => {
    expect(buildReportPdfFilename({ ...patient, ...doc })).toBe(filename);
  });

  it('keeps path separators out of the name', () => {
    expect(
      buildReportPdfFilename({
        type: 'sleep-study',
        device: 'Sleep',
        patientFirstName: 'Ana/Maria',
        patientLastName: "O'Neil",
        dos: null,
      }),
    ).toBe("Sleep_sleep_study_Ana-Maria_O'Neil.pdf");
  });
});

describe('formatReportFilenameDate', () => {
  it.each([
    ['an ISO timestamp loses its last 14 characters', '2024-03-05T14:07:09.000Z', '2024-03-05'],
    ['a Date is written as ISO first', new Date(Date.UTC(2024, 11, 31, 23, 0)), '2024-12-31'],
    ['no date gives nothing', null, ''],
    ['a too-short string gives nothing', '2024', ''],
  ])('%s', (_story, dos, expected) => {
    expect(formatReportFilenameDate(dos)).toBe(expected);
  });
});

describe('report-type labels', () => {
  it.each(DOCUMENT_TYPES.filter((t) => !isAlertDocumentType(t)))(
    '%s maps to a SPEC report-type label',
    (type) => {
      expect(REPORT_TYPE_LABELS).toContain(getReportTypeLabel({ type }));
    },
  );

  it('every SPEC report-type label is used by some document type', () => {
    expect(new Set(Object.values(DOCUMENT_TYPE_REPORT_LABELS))).toEqual(new Set(REPORT_TYPE_LABELS));
  });

  it('an unknown type is used as it is', () => {
    expect(getReportTypeLabel({ type: 'future-report' })).toBe('future-report');
  });
});

describe('toAsciiFilename', () => {
  it('keeps the SPEC shape of a Polish patient’s file name, with the letters transliterated', () => {
    const filename = buildReportPdfFilename({
      type: 'implicity-90-day-remote-report',
      device: 'ICD',
      patientFirstName: 'Łukasz',
      patientLastName: 'Żółć',
      dos: '2026-11-02T09:30:00.000Z',
    });
    expect(filename).toBe('ICD_90_day_report_Łukasz_Żółć_2026-11-02.pdf');
    expect(toAsciiFilename(filename)).toBe('ICD_90_day_report_Lukasz_Zolc_2026-11-02.pdf');
  });

  it.each([
    ['letters NFKD leaves whole', 'Søren_Ærøskøbing_Đorđe_Straße', 'Soren_AEroskobing_Dorde_Strasse'],
    ['accents written as combining marks', 'Jose\u0301_Mu\u0308ller', 'Jose_Muller'],
    ['compatibility forms', 'ＡＢＣ_ﬁle', 'ABC_file'],
    ['a run of characters with no ASCII form becomes one hyphen', 'Wang_王小明_2026.pdf', 'Wang_-_2026.pdf'],
    ['quotes, backslashes, percent signs and control characters', 'a"b\\c%41d\u0007e', 'a-b-c-41d-e'],
    ['an emoji (a surrogate pair)', 'Ada_🫀.pdf', 'Ada_-.pdf'],
  ])('handles %s', (_story, filename, expected) => {
    expect(toAsciiFilename(filename)).toBe(expected);
  });

  it('gives only printable ASCII, whatever it is given', () => {
    const everything = Array.from({ length: 0x3000 }, (_, code) => String.fromCharCode(code)).join('');
    expect(toAsciiFilename(everything)).toMatch(/^[\u0020-\u007e]*$/);
    expect(toAsciiFilename(everything)).not.toMatch(/["\\%]/);
  });
});
