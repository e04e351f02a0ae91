import type { PagedResponse } from '../../lib/paged-response';

/** A clinic (organization) as GET /api/customers/organizations returns it. */
export type Clinic = {
  id: string;
  npi: string;
  code: string;
  name: string;
  isActive: boolean;
  samlConnectionName: string | null;
  createdAt: string;
  updatedAt: string;
  updatedBy: string | null;
  /** Global defaults merged with the clinic's own values. */
  featureFlags: Record<string, boolean>;
  settings: Record<string, { enabled: boolean; value: string | number | null }>;
  clinicFeatureFlags: { name: string; enabled: boolean }[];
  clinicWorkflows: { name: string; enabled: boolean; value: string | number | null }[];
};

export type { PagedResponse };

/** The body of POST /api/customers/organizations and PUT /api/customers/organizations/:id. */
export type ClinicBody = {
  npi: string;
  name: string;
  code: string;
  isActive: boolean;
  samlConnectionName: string | null;
  featureFlags: { name: string; enabled: boolean }[];
  workflows: { name: string; enabled: boolean; value: string | number | null }[];
};

/** A global default feature flag or workflow setting (GET /api/customers/defaults/…). */
export type ClinicDefault = {
  id: string;
  name: string;
  title: string;
  description: string;
  enabled: boolean;
  /** 'integer', 'string' or 'enum:a|b|c'. */
  valueType: string;
  value: string | number | null;
};
