import { z } from 'zod';

/** Flags that gate abilities (SPEC §6). */
export const FEATURE_FLAG_NAMES = [
  'clinicAdminTrash',
  'comments',
  'bulkESigning',
  'physicianBulkSignAlerts',
  'nurseMultiSelect',
  'createNewPatients',
  'inPersonDeviceCheck',
  'manufacturerAdvisories',
  'editTechnicianReview',
] as const;
export type FeatureFlagName = (typeof FEATURE_FLAG_NAMES)[number];

/** A global flag default, editable by administrators. */
export const featureFlagDefaultSchema = z.object({
  name: z.string().min(1),
  title: z.string(),
  description: z.string(),
  enabled: z.boolean(),
});
export type FeatureFlagDefault = z.infer<typeof featureFlagDefaultSchema>;

/** A clinic's own value for a flag. */
export const clinicFeatureFlagSchema = z.object({
  name: z.string().min(1),
  enabled: z.boolean(),
});
export type ClinicFeatureFlag = z.infer<typeof clinicFeatureFlagSchema>;

/** Built-in flag defaults. Only bulk e-signing is on by default (SPEC §6, §9). */
export const featureFlagDefaults: readonly FeatureFlagDefault[] = [
  {
    name: 'clinicAdminTrash',
    title: 'Clinic admin trash',
    description: 'Clinic administrators may move documents to the trash.',
    enabled: false,
  },
  {
    name: 'comments',
    title: 'Comments',
    description: 'Users may comment on documents and report problems.',
    enabled: false,
  },
  {
    name: 'bulkESigning',
    title: 'Bulk e-signing',
    description:
      'Providers may sign many documents at once. Alerts are excluded unless physicianBulkSignAlerts is on. The clinic setting enableBulkSigning must also be on.',
    enabled: true,
  },
  {
    name: 'physicianBulkSignAlerts',
    title: 'Bulk-sign alerts',
    description: 'Bulk e-signing by providers includes alerts.',
    enabled: false,
  },
  {
    name: 'nurseMultiSelect',
    title: 'Multi-select for nurses',
    description: 'Nurses get the multi-select menu. It is always on for provider-company users.',
    enabled: false,
  },
  {
    name: 'createNewPatients',
    title: 'Create new patients',
    description: 'Users may create new patients.',
    enabled: false,
  },
  {
    name: 'inPersonDeviceCheck',
    title: 'In-person device check',
    description: 'The in-person device check page is available.',
    enabled: false,
  },
  {
    name: 'manufacturerAdvisories',
    title: 'Manufacturer advisories',
    description: 'Patients show the manufacturer advisories that apply to their device.',
    enabled: false,
  },
  {
    name: 'editTechnicianReview',
    title: 'Edit technician review',
    description: 'The technician review of a document may be edited.',
    enabled: false,
  },
] satisfies readonly (FeatureFlagDefault & { name: FeatureFlagName })[];
