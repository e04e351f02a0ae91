import type { ClinicSettingName } from './clinic-settings';
import type { FeatureFlagName } from './feature-flags';
import type { MergedClinicConfiguration } from './merge-clinic-configuration';

/**
 * Whether a flag is on in a clinic's merged configuration. A flag missing from it (its default was
 * deleted) counts as off, so a gate fails closed.
 */
export function isFeatureFlagOn(configuration: MergedClinicConfiguration, flag: FeatureFlagName): boolean {
  return configuration.featureFlags[flag] === true;
}

/** Whether a setting is enabled in a clinic's merged configuration; a missing setting counts as off. */
export function isSettingEnabled(
  configuration: MergedClinicConfiguration,
  setting: ClinicSettingName,
): boolean {
  return configuration.settings[setting]?.enabled === true;
}
