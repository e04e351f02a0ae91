import type {
  OrganizationInput,
  OrganizationList,
  OrganizationResource,
  WorkflowDefaultResource,
} from '@portal/domain';

// The clinics API's shapes are declared once, in the domain's clinics contract; these are their names here.

/** A clinic (organization) as GET /api/customers/organizations returns it, with its merged flags and settings. */
export type Clinic = OrganizationResource;

/** A page of clinics. */
export type ClinicList = OrganizationList;

/** The body of POST /api/customers/organizations and PUT /api/customers/organizations/:id. */
export type ClinicBody = OrganizationInput;

/**
 * A global default feature flag or workflow setting (GET /api/customers/defaults/…), typed as the
 * workflow setting: the screens read valueType and value of workflow settings only (a flag has neither).
 */
export type ClinicDefault = WorkflowDefaultResource;
