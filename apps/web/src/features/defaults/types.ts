import type {
  DefaultKind,
  FeatureFlagDefaultBody,
  FeatureFlagDefaultResource,
  WorkflowDefaultBody,
  WorkflowDefaultResource,
} from '@portal/domain';

// The defaults API's shapes are declared once, in the domain's clinics contract; these are their names here.

/** Which defaults: the feature flags or the workflow settings every clinic inherits. */
export type { DefaultKind };

/** A global feature-flag default (GET /api/customers/defaults/feature-flags). */
export type FeatureFlagDefault = FeatureFlagDefaultResource;

/** A global workflow (setting) default: a flag default plus a value read by its valueType. */
export type WorkflowDefault = WorkflowDefaultResource;

export type AnyDefault = FeatureFlagDefault | WorkflowDefault;

/** The body of POST and PUT: the default without its id (valueType and value for workflows only). */
export type DefaultBody = FeatureFlagDefaultBody & Partial<Pick<WorkflowDefaultBody, 'valueType' | 'value'>>;

export const DEFAULT_KIND_LABELS: Record<DefaultKind, { plural: string; singular: string }> = {
  'feature-flags': { plural: 'Feature flags', singular: 'feature flag' },
  workflows: { plural: 'Workflow settings', singular: 'workflow setting' },
};
