import { describe, expect, it } from 'vitest';
import { buildClinicConfiguration } from '../test-support/build-clinic-configuration';
import {
  describeBulkSigning,
  isBulkSignable,
  isBulkSignableDocumentType,
  partitionForBulkSigning,
} from './bulk-signing';

const configurationWith = ({
  bulkESigning = true,
  enableBulkSigning = true,
  physicianBulkSignAlerts = false,
}: {
  bulkESigning?: boolean;
  enableBulkSigning?: boolean;
  physicianBulkSignAlerts?: boolean;
} = {}) =>
  buildClinicConfiguration({
    flags: { bulkESigning, physicianBulkSignAlerts },
    settings: { enableBulkSigning },
  });

describe('isBulkSignable (SPEC §6 plus the high-alert rail)', () => {
  it.each([
    ['a 90-day report is bulk-signed with the defaults', 'implicity-90-day-remote-report', null, false, true],
    ['a medium CRM alert is left out with the defaults', 'crm-alert', 'medium', false, false],
    ['an RPM alert without a level is left out with the defaults', 'rpm-alert', null, false, false],
    ['a medium CRM alert is included once the flag is on', 'crm-alert', 'medium', true, true],
    ['a low RPM alert is included once the flag is on', 'rpm-alert', 'low', true, true],
    ['a high CRM alert is never included, flag on', 'crm-alert', 'high', true, false],
    ['a high RPM alert is never included, flag on', 'rpm-alert', 'high', true, false],
    ['a report carrying a low alert level counts as an alert', 'holter-study', 'low', false, false],
    ['a report carrying a high alert level is never included', 'holter-study', 'high', true, false],
    ['a Holter study stays in with the flag on', 'holter-study', null, true, true],
  ])('%s', (_story, type, alert, alertsFlag, expected) => {
    const configuration = configurationWith({ physicianBulkSignAlerts: alertsFlag });
    expect(isBulkSignable({ type, alert }, configuration)).toBe(expected);
  });

  it('the type-only form keeps its answers for callers that know only the type', () => {
    expect(isBulkSignableDocumentType('crm-alert', configurationWith())).toBe(false);
    expect(
      isBulkSignableDocumentType('crm-alert', configurationWith({ physicianBulkSignAlerts: true })),
    ).toBe(true);
    expect(isBulkSignableDocumentType('sleep-study', configurationWith())).toBe(true);
  });
});

describe('partitionForBulkSigning: what Bulk sign / Sign all signs and what it leaves out', () => {
  const documents = [
    { id: 'report', type: 'implicity-90-day-remote-report', alert: null },
    { id: 'high', type: 'crm-alert', alert: 'high' },
    { id: 'medium', type: 'crm-alert', alert: 'medium' },
    { id: 'low', type: 'rpm-alert', alert: 'low' },
    { id: 'study', type: 'holter-study', alert: null },
    { id: 'high-study', type: 'mcot-study', alert: 'high' },
  ];
  const ids = (list: readonly { id: string }[]) => list.map((document) => document.id);

  it.each([
    [
      'alerts off: only the reports; every alert left out, high ones counted apart',
      false,
      {
        signable: ['report', 'study'],
        highAlerts: ['high', 'high-study'],
        alertsExcluded: ['medium', 'low'],
      },
    ],
    [
      'alerts on: medium and low alerts signed; high alerts still left out',
      true,
      {
        signable: ['report', 'medium', 'low', 'study'],
        highAlerts: ['high', 'high-study'],
        alertsExcluded: [],
      },
    ],
  ])('%s', (_story, alertsFlag, expected) => {
    const partition = partitionForBulkSigning(
      documents,
      configurationWith({ physicianBulkSignAlerts: alertsFlag }),
    );
    expect({
      signable: ids(partition.signable),
      highAlerts: ids(partition.leftOut.highAlerts),
      alertsExcluded: ids(partition.leftOut.alertsExcluded),
    }).toEqual(expected);
  });

  it('keeps the objects it was given, so callers read their own fields back', () => {
    const partition = partitionForBulkSigning(documents, configurationWith());
    expect(partition.signable[0]).toBe(documents[0]);
  });

  it('an empty list partitions to nothing', () => {
    expect(partitionForBulkSigning([], configurationWith())).toEqual({
      signable: [],
      leftOut: { highAlerts: [], alertsExcluded: [] },
    });
  });
});

describe('describeBulkSigning: the effective state, in plain words, from the same rule', () => {
  it.each([
    [
      'defaults, provider opted in: bulk-signs, alerts excluded',
      {},
      { bulkSignEnabled: true },
      {
        allowed: true,
        alertsIncluded: false,
        summary: 'Providers at this clinic can bulk-sign; alerts excluded; high alerts never',
      },
    ],
    [
      'alerts flag on, provider opted in: medium and low alerts included, high never',
      { physicianBulkSignAlerts: true },
      { bulkSignEnabled: true },
      {
        allowed: true,
        alertsIncluded: true,
        summary: 'Providers at this clinic can bulk-sign; medium and low alerts included; high alerts never',
      },
    ],
    [
      'signature settings leave bulk signing off (the SPEC default): not allowed',
      { physicianBulkSignAlerts: true },
      { bulkSignEnabled: false },
      {
        allowed: false,
        alertsIncluded: false,
        summary:
          'Bulk signing is allowed at this clinic but not turned on in the signature settings: every document is signed on its own',
      },
    ],
    [
      'the bulk e-signing flag off: not allowed, whatever the signature settings',
      { bulkESigning: false },
      { bulkSignEnabled: true },
      {
        allowed: false,
        alertsIncluded: false,
        summary: 'Bulk signing is off at this clinic: every document is signed on its own',
      },
    ],
    [
      "the clinic's 'enable bulk signing' setting off: not allowed, whatever the signature settings",
      { enableBulkSigning: false, physicianBulkSignAlerts: true },
      { bulkSignEnabled: true },
      {
        allowed: false,
        alertsIncluded: false,
        summary: 'Bulk signing is off at this clinic: every document is signed on its own',
      },
    ],
    [
      'no signature settings: what the clinic allows, with the opt-in named',
      {},
      undefined,
      {
        allowed: true,
        alertsIncluded: false,
        summary:
          'Providers at this clinic can bulk-sign once it is turned on in their signature settings; alerts excluded; high alerts never',
      },
    ],
  ])('%s', (_story, clinic, signatureSettings, expected) => {
    expect(describeBulkSigning(configurationWith(clinic), signatureSettings)).toEqual(expected);
  });

  it('never names internal flags or settings', () => {
    for (const clinic of [{}, { physicianBulkSignAlerts: true }, { bulkESigning: false }]) {
      for (const settings of [undefined, { bulkSignEnabled: true }, { bulkSignEnabled: false }]) {
        expect(describeBulkSigning(configurationWith(clinic), settings).summary).not.toMatch(
          /physicianBulkSignAlerts|enableBulkSigning|bulkESigning|bulkSignEnabled/,
        );
      }
    }
  });
});
