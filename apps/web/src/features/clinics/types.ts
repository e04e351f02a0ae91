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
