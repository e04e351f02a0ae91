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

export type UserRoleRow = { role: string; clinicNPI: string };

export type UsersTable = {
  id: string;
  email: string;
  firstName: Generated<string>;
  lastName: Generated<string>;
  title: Generated<string>;
  suffixes: Generated<string>;
  npi: string | null;
  phone: Generated<string>;
  homePage: Generated<string>;
  roles: ColumnType<UserRoleRow[], string, string>;
  samlProfileId: string | null;
  isLocked: Generated<boolean>;
  passwordHash: string | null;
  failedLoginCount: Generated<number>;
  loginLockedUntil: Date | null;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
};

export type OidcPayloadsTable = {
  model: string;
  id: string;
  payload: ColumnType<Record<string, unknown>, string, string>;
  grantId: string | null;
  userCode: string | null;
  uid: string | null;
  expiresAt: Date | null;
  consumedAt: Date | null;
};

export type AppSecretsTable = {
  name: string;
  value: ColumnType<unknown, string, string>;
  createdAt: CreatedAt;
};

export type PasswordChangeTicketsTable = {
  tokenHash: string;
  userId: string;
  returnUrl: string;
  expiresAt: Date;
  usedAt: Date | null;
  createdBy: string | null;
  createdAt: CreatedAt;
};

export type AppStateTable = {
  key: string;
  value: ColumnType<unknown, string, string>;
  updatedAt: UpdatedAt;
};

export type AuditEventsTable = {
  id: Generated<string>;
  chain: string;
  clinicNpi: string | null;
  entityType: string;
  entityId: string;
  eventType: string;
  actorId: string | null;
  note: string | null;
  before: ColumnType<unknown, string | null, never>;
  after: ColumnType<unknown, string | null, never>;
  createdAt: ColumnType<Date, Date, never>;
  prevHash: string | null;
  hash: string;
};

export type Database = {
  auditEvents: AuditEventsTable;
  users: UsersTable;
  oidcPayloads: OidcPayloadsTable;
  appSecrets: AppSecretsTable;
  passwordChangeTickets: PasswordChangeTicketsTable;
  appState: AppStateTable;
  organizations: OrganizationsTable;
  featureFlagDefaults: FeatureFlagDefaultsTable;
  workflowDefaults: WorkflowDefaultsTable;
  organizationFeatureFlags: OrganizationFeatureFlagsTable;
  organizationWorkflows: OrganizationWorkflowsTable;
};

export type Organization = Selectable<OrganizationsTable>;
export type NewOrganization = Insertable<OrganizationsTable>;
export type OrganizationUpdate = Updateable<OrganizationsTable>;

export type UserRow = Selectable<UsersTable>;
