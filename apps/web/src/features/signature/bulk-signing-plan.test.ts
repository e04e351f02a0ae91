import { featureFlagDefaults, mergeClinicConfiguration, workflowDefaults } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { describeBulkSigningPlan, type PlannedDocument, planBulkSigning } from './bulk-signing-plan';

const configuration = (physicianBulkSignAlerts: boolean) =>
  mergeClinicConfiguration({
    featureFlagDefaults,
    workflowDefaults,
    featureFlags: [{ name: 'physicianBulkSignAlerts', enabled: physicianBulkSignAlerts }],
  });

let next = 0;
function doc(clinic: 'aspen' | 'birch', type: string, alert: string | null = null): PlannedDocument {
  next += 1;
  return {
    id: `d${next}`,
    attributes: {
      type,
      alert,
      clinicNpi: clinic === 'aspen' ? '1' : '2',
      clinicName: clinic === 'aspen' ? 'Aspen Hollow Cardiology' : 'Birch Heart Center',
    },
  };
}

const documents = [
  doc('aspen', 'implicity-90-day-remote-report'),
  doc('aspen', 'crm-alert', 'high'),
  doc('aspen', 'crm-alert', 'medium'),
  doc('aspen', 'rpm-alert', 'low'),
  doc('aspen', 'holter-study'),
  doc('birch', 'rpm-report'),
  doc('birch', 'crm-alert', 'medium'),
  doc('birch', 'crm-alert', 'high'),
];

describe('what bulk signing says it will do', () => {
  it('never signs a high alert, and signs other alerts only where the clinic allows it', () => {
    // Aspen lets providers bulk-sign alerts; Birch does not.
    const plan = planBulkSigning(documents, (npi) => configuration(npi === '1'));
    expect(plan.ids).toEqual(['d1', 'd3', 'd4', 'd5', 'd6']);
    expect(plan.alerts).toEqual({ high: 0, medium: 1, low: 1, other: 0 });
    expect(plan.leftOut).toEqual({ highAlerts: 2, alertsExcluded: 1 });
    expect(plan.clinics).toEqual([
      { npi: '1', name: 'Aspen Hollow Cardiology', count: 4 },
      { npi: '2', name: 'Birch Heart Center', count: 1 },
    ]);
    expect(describeBulkSigningPlan(plan, { note: 'Report reviewed.' })).toEqual({
      rows: [
        { label: 'Documents', value: '5 documents' },
        { label: 'Alerts among them', value: '2: 1 medium, 1 low' },
        { label: 'Note added', value: "'Report reviewed.'" },
        { label: 'Clinics', value: 'Aspen Hollow Cardiology (4), Birch Heart Center (1)' },
      ],
      leftOut: [
        '2 high alerts left out: high alerts are never signed in bulk. Open and sign each on its own.',
        '1 other alert left out: the clinic does not let providers bulk-sign alerts.',
      ],
    });
  });

  it('a clinic whose configuration is not known bulk-signs no alert', () => {
    const plan = planBulkSigning(documents, () => undefined);
    expect(plan.ids).toEqual(['d1', 'd5', 'd6']);
    expect(plan.leftOut).toEqual({ highAlerts: 2, alertsExcluded: 3 });
    const { rows } = describeBulkSigningPlan(plan, { note: '' });
    expect(rows).toContainEqual({ label: 'Alerts among them', value: 'None' });
    expect(rows).toContainEqual({ label: 'Note added', value: 'None' });
  });

  it('one clinic is named alone; one document is one', () => {
    const plan = planBulkSigning([doc('aspen', 'holter-study')], () => configuration(false));
    const { rows, leftOut } = describeBulkSigningPlan(plan, { note: 'x' });
    expect(rows).toContainEqual({ label: 'Documents', value: '1 document' });
    expect(rows).toContainEqual({ label: 'Clinic', value: 'Aspen Hollow Cardiology' });
    expect(leftOut).toEqual([]);
  });
});
