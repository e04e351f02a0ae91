import type { ClinicWorkflow, WorkflowDefault } from './clinic-settings';
import type { ClinicFeatureFlag, FeatureFlagDefault } from './feature-flags';
import { checkSettingValue, parseSettingValue, type SettingValue } from './parse-setting-value';

export type MergedSetting = { enabled: boolean; value: SettingValue };

export type MergedClinicConfiguration = {
  featureFlags: Record<string, boolean>;
  settings: Record<string, MergedSetting>;
};

/**
 * The clinic's effective flags and settings (SPEC §3): every global default, overridden by the
 * clinic's own entry of the same name. Clinic entries without a default are ignored, so deleting a
 * default removes it from every clinic's merged view. A clinic value that is missing, null, not valid
 * for the default's value type or outside the setting's range (one stored before ranges were enforced)
 * leaves the default's value in place; values are typed by
 * parseSettingValue (an integer setting gives a number).
 */
export function mergeClinicConfiguration({
  featureFlagDefaults,
  workflowDefaults,
  featureFlags = [],
  workflows = [],
}: {
  featureFlagDefaults: readonly FeatureFlagDefault[];
  workflowDefaults: readonly WorkflowDefault[];
  featureFlags?: readonly ClinicFeatureFlag[] | null;
  workflows?: readonly ClinicWorkflow[] | null;
}): MergedClinicConfiguration {
  const clinicFlags = new Map((featureFlags ?? []).map((flag) => [flag.name, flag]));
  const clinicWorkflows = new Map((workflows ?? []).map((workflow) => [workflow.name, workflow]));

  const mergedFlags: Record<string, boolean> = {};
  for (const flagDefault of featureFlagDefaults) {
    mergedFlags[flagDefault.name] = clinicFlags.get(flagDefault.name)?.enabled ?? flagDefault.enabled;
  }

  const mergedSettings: Record<string, MergedSetting> = {};
  for (const settingDefault of workflowDefaults) {
    const own = clinicWorkflows.get(settingDefault.name);
    const defaultValue = parseSettingValue(settingDefault.valueType, settingDefault.value);
    const ownValue = own?.value == null ? undefined : checkSettingValue(settingDefault, own.value);
    const value = ownValue?.ok ? ownValue.value : defaultValue.ok ? defaultValue.value : null;
    mergedSettings[settingDefault.name] = { enabled: own?.enabled ?? settingDefault.enabled, value };
  }

  return { featureFlags: mergedFlags, settings: mergedSettings };
}
