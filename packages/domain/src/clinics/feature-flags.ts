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
    title: 'Trash for clinic administrators',
    description: 'Clinic administrators may move documents to the trash and bring them back.',
    enabled: false,
  },
  {
    name: 'comments',
    title: 'Comments',
    description:
      'People may comment on documents, address a comment to a colleague, and report a problem with a document.',
    enabled: false,
  },
  {
    name: 'bulkESigning',
    title: 'Bulk signing',
    description:
      "Providers may sign several documents in one step. The clinic's 'Allow bulk signing' setting must be on too, and each provider turns it on in their signature settings. Alerts are left out unless 'Bulk-sign alerts' is on; high alerts are always signed one by one.",
    enabled: true,
  },
  {
    name: 'physicianBulkSignAlerts',
    title: 'Bulk-sign alerts',
    description: 'Bulk signing includes medium and low alerts. High alerts are never signed in bulk.',
    enabled: false,
  },
  {
    name: 'nurseMultiSelect',
    title: 'Multi-select for nurses',
    description:
      'Nurses may select several documents in the inbox at once. Provider-company staff always may.',
    enabled: false,
  },
  {
    name: 'createNewPatients',
    title: 'Create new patients',
    description: 'Staff may add new patients by hand.',
    enabled: false,
  },
  {
    name: 'inPersonDeviceCheck',
    title: 'In-person device check',
    description: 'The page for recording an in-person device check is available.',
    enabled: false,
  },
  {
    name: 'manufacturerAdvisories',
    title: 'Manufacturer advisories',
    description:
      'Patients show the manufacturer advisories (recalls and safety notices) that apply to their device.',
    enabled: false,
  },
  {
    name: 'editTechnicianReview',
    title: 'Edit technician review',
    description: "The technician's review of a document may be edited after it is written.",
    enabled: false,
  },
] satisfies readonly (FeatureFlagDefault & { name: FeatureFlagName })[];
