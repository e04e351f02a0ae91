import type { Clinic, ClinicBody } from '../types';

/** The clinic as a PUT body: its own flags and workflows (not the merged ones), unchanged. */
export function toClinicBody(clinic: Clinic): ClinicBody {
  return {
    npi: clinic.npi,
    name: clinic.name,
    code: clinic.code,
    isActive: clinic.isActive,
    samlConnectionName: clinic.samlConnectionName,
    featureFlags: clinic.clinicFeatureFlags.map(({ name, enabled }) => ({ name, enabled })),
    workflows: clinic.clinicWorkflows.map(({ name, enabled, value }) => ({ name, enabled, value })),
  };
}

/** The clinic's own flag list with `name` set to `enabled`. */
export function withFeatureFlag(body: ClinicBody, name: string, enabled: boolean): ClinicBody {
  const others = body.featureFlags.filter((flag) => flag.name !== name);
  return { ...body, featureFlags: [...others, { name, enabled }] };
}

/** The clinic's own workflow list with `name` set. */
export function withWorkflow(
  body: ClinicBody,
  workflow: { name: string; enabled: boolean; value: string | number | null },
): ClinicBody {
  const others = body.workflows.filter((item) => item.name !== workflow.name);
  return { ...body, workflows: [...others, workflow] };
}
