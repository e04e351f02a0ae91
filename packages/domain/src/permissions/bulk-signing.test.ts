import { describe, expect, it } from 'vitest';
import { buildClinicConfiguration } from '../test-support/build-clinic-configuration';
import { isBulkSignableDocumentType } from './bulk-signing';

describe('isBulkSignableDocumentType (SPEC §6): alerts only while physicianBulkSignAlerts is on', () => {
  it.each([
    ['a 90-day report is bulk-signed with the defaults', 'implicity-90-day-remote-report', false, true],
    ['a CRM alert is left out with the defaults', 'crm-alert', false, false],
    ['an RPM alert is left out with the defaults', 'rpm-alert', false, false],
    ['a CRM alert is included once the flag is on', 'crm-alert', true, true],
    ['an RPM alert is included once the flag is on', 'rpm-alert', true, true],
    ['a Holter study stays in with the flag on', 'holter-study', true, true],
  ])('%s', (_story, documentType, alertsFlag, expected) => {
    const configuration = buildClinicConfiguration({ flags: { physicianBulkSignAlerts: alertsFlag } });
    expect(isBulkSignableDocumentType(documentType, configuration)).toBe(expected);
  });
});
