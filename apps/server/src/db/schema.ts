import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

// Table types as the application sees them (camelCase; CamelCasePlugin maps to snake_case columns).
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

export type OrganizationsTable = {
  id: Generated<string>;
  npi: string;
  code: string;
  name: string;
  isActive: Generated<boolean>;
  samlConnectionName: string | null;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
  updatedBy: string | null;
};

export type FeatureFlagDefaultsTable = {
  id: Generated<string>;
  name: string;
  title: string;
  description: string;
  enabled: boolean;
};

export type WorkflowDefaultsTable = FeatureFlagDefaultsTable & {
  valueType: string;
  value: string | null;
};

export type OrganizationFeatureFlagsTable = {
  organizationId: string;
  name: string;
  enabled: boolean;
};

export type OrganizationWorkflowsTable = {
  organizationId: string;
  name: string;
  enabled: boolean;
  value: string | null;
};

export type Database = {
  organizations: OrganizationsTable;
  featureFlagDefaults: FeatureFlagDefaultsTable;
  workflowDefaults: WorkflowDefaultsTable;
  organizationFeatureFlags: OrganizationFeatureFlagsTable;
  organizationWorkflows: OrganizationWorkflowsTable;
};

export type Organization = Selectable<OrganizationsTable>;
export type NewOrganization = Insertable<OrganizationsTable>;
export type OrganizationUpdate = Updateable<OrganizationsTable>;
