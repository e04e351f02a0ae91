import { workflowDefaults } from '../clinics/clinic-settings';
import { featureFlagDefaults } from '../clinics/feature-flags';
import {
  type MergedClinicConfiguration,
  mergeClinicConfiguration,
} from '../clinics/merge-clinic-configuration';

/**
 * Test factory: a clinic's merged configuration from the built-in defaults, with the clinic's own flag
 * values and setting switches on top.
 */
export function buildClinicConfiguration({
  flags = {},
  settings = {},
}: {
  flags?: Record<string, boolean>;
  settings?: Record<string, boolean>;
} = {}): MergedClinicConfiguration {
  return mergeClinicConfiguration({
    featureFlagDefaults,
    workflowDefaults,
    featureFlags: Object.entries(flags).map(([name, enabled]) => ({ name, enabled })),
    workflows: Object.entries(settings).map(([name, enabled]) => ({ name, enabled })),
  });
}

/** Every built-in flag on, as a clinic that has switched everything on. */
export function buildConfigurationWithAllFlagsOn(): MergedClinicConfiguration {
  return buildClinicConfiguration({
    flags: Object.fromEntries(featureFlagDefaults.map((flag) => [flag.name, true])),
    settings: { enableBulkSigning: true },
  });
}
