import type { SettingValueType } from '@portal/domain';

/** Which defaults: the feature flags or the workflow settings every clinic inherits. */
export type DefaultKind = 'feature-flags' | 'workflows';

/** A global feature-flag default (GET /api/customers/defaults/feature-flags). */
export type FeatureFlagDefault = {
  id: string;
  name: string;
  title: string;
  description: string;
  enabled: boolean;
};

/** A global workflow (setting) default: a flag default plus a value read by its valueType. */
export type WorkflowDefault = FeatureFlagDefault & {
  valueType: SettingValueType;
  /** Stored as text; null for an on/off-only setting. */
  value: string | null;
};

export type AnyDefault = FeatureFlagDefault | WorkflowDefault;

/** The body of POST and PUT: the default without its id (valueType and value for workflows only). */
export type DefaultBody = {
  name: string;
  title: string;
  description: string;
  enabled: boolean;
  valueType?: SettingValueType;
  value?: string | null;
};

export const DEFAULT_KIND_LABELS: Record<DefaultKind, { plural: string; singular: string }> = {
  'feature-flags': { plural: 'Feature flags', singular: 'feature flag' },
  workflows: { plural: 'Workflow settings', singular: 'workflow setting' },
};
