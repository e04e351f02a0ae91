import { describe, expect, it } from 'vitest';
import type { Clinic } from '../types';
import { toClinicBody, withFeatureFlag, withWorkflow } from './clinic-body';

const clinic: Clinic = {
  id: 'c1',
  npi: '1234567893',
  code: 'AHC',
  name: 'Aspen Hollow Cardiology',
  isActive: true,
  samlConnectionName: null,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  updatedBy: null,
  featureFlags: { rpm: true, abpm: false },
  settings: { dosWindow: { enabled: true, value: 3 } },
  clinicFeatureFlags: [{ name: 'rpm', enabled: true }],
  clinicWorkflows: [{ name: 'dosWindow', enabled: true, value: '3' }],
};

describe('clinic PUT bodies', () => {
  it("sends the clinic's own lists, not the merged values", () => {
    const body = toClinicBody(clinic);
    expect(body.featureFlags).toEqual([{ name: 'rpm', enabled: true }]);
    expect(body.workflows).toEqual([{ name: 'dosWindow', enabled: true, value: '3' }]);
    expect(body).not.toHaveProperty('id');
  });

  it('adds a flag the clinic did not override yet, and replaces one it did', () => {
    const added = withFeatureFlag(toClinicBody(clinic), 'abpm', true);
    expect(added.featureFlags).toEqual([
      { name: 'rpm', enabled: true },
      { name: 'abpm', enabled: true },
    ]);
    const replaced = withFeatureFlag(added, 'rpm', false);
    expect(replaced.featureFlags).toContainEqual({ name: 'rpm', enabled: false });
    expect(replaced.featureFlags).toHaveLength(2);
  });

  it('replaces a workflow by name', () => {
    const body = withWorkflow(toClinicBody(clinic), { name: 'dosWindow', enabled: false, value: 5 });
    expect(body.workflows).toEqual([{ name: 'dosWindow', enabled: false, value: 5 }]);
  });
});
