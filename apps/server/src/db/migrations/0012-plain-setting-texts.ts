import { featureFlagDefaults, workflowDefaults } from '@portal/domain';
import { type Kysely, sql } from 'kysely';

// Issue 11 §8: the built-in flags and settings are titled and described in plain words, without internal
// names such as physicianBulkSignAlerts. 0002 seeded the first texts; this brings an existing installation to
// the new ones. A text an administrator has changed since is theirs and stays: only a title or description
// still equal to its first built-in text is replaced.

type Texts = { title: string; description: string };

/** The texts 0002 seeded, as they were. */
const FIRST_FLAG_TEXTS: Record<string, Texts> = {
  clinicAdminTrash: {
    title: 'Clinic admin trash',
    description: 'Clinic administrators may move documents to the trash.',
  },
  comments: { title: 'Comments', description: 'Users may comment on documents and report problems.' },
  bulkESigning: {
    title: 'Bulk e-signing',
    description:
      'Providers may sign many documents at once. Alerts are excluded unless physicianBulkSignAlerts is on. The clinic setting enableBulkSigning must also be on.',
  },
  physicianBulkSignAlerts: {
    title: 'Bulk-sign alerts',
    description: 'Bulk e-signing by providers includes alerts.',
  },
  nurseMultiSelect: {
    title: 'Multi-select for nurses',
    description: 'Nurses get the multi-select menu. It is always on for provider-company users.',
  },
  createNewPatients: { title: 'Create new patients', description: 'Users may create new patients.' },
  inPersonDeviceCheck: {
    title: 'In-person device check',
    description: 'The in-person device check page is available.',
  },
  manufacturerAdvisories: {
    title: 'Manufacturer advisories',
    description: 'Patients show the manufacturer advisories that apply to their device.',
  },
  editTechnicianReview: {
    title: 'Edit technician review',
    description: 'The technician review of a document may be edited.',
  },
};

const FIRST_SETTING_TEXTS: Record<string, Texts> = {
  assignAlertsToPrimary: {
    title: 'Assign alerts to primary',
    description: "New alerts are assigned to the patient's primary provider.",
  },
  hideDosOnSign: {
    title: 'Hide DOS on sign',
    description: 'The date of service is left off the signed PDF.',
  },
  assignReportsToUnassigned: {
    title: 'Assign reports to unassigned',
    description: 'New reports arrive unassigned instead of assigned to a provider.',
  },
  replaceDosWithDateOfSignature: {
    title: 'Replace DOS with date of signature',
    description: 'The signed PDF shows the date of signature in place of the date of service.',
  },
  emrPdfMaxPageLength: {
    title: 'EMR PDF max page length',
    description: 'PDFs sent to the EMR are cut to at most this many pages.',
  },
  uploadAlertsToEmr: {
    title: 'Upload alerts to EMR',
    description: 'Signed alerts are uploaded to the EMR as well as reports.',
  },
  pdfProviderNote: {
    title: 'PDF provider note',
    description: "Label of the provider's note on the signed PDF.",
  },
  signatureLabel: {
    title: 'Signature label',
    description: 'Label printed before the signature on the signed PDF.',
  },
  footerText: { title: 'Footer text', description: 'Text printed at the foot of the signed PDF.' },
  encounterCoversheetType: {
    title: 'Encounter coversheet type',
    description: 'The coversheet put in front of encounter PDFs: none, longitudinal or billing.',
  },
  supportEmails: {
    title: 'Support emails',
    description: 'Comma-separated addresses that receive support requests and problem reports.',
  },
  sleepGlobalOfficeId: {
    title: 'Sleep global office id',
    description: "The clinic's office id at the sleep-study vendor.",
  },
  referringAndInterpretingPhysician: {
    title: 'Referring and interpreting physician',
    description: 'Documents record both a referring and an interpreting physician.',
  },
  enableBulkSigning: {
    title: 'Enable bulk signing',
    description: 'Bulk signing is allowed at this clinic (the bulkESigning flag must also be on).',
  },
};

async function replaceFirstTexts(
  db: Kysely<unknown>,
  table: 'feature_flag_defaults' | 'workflow_defaults',
  first: Record<string, Texts>,
  current: readonly ({ name: string } & Texts)[],
) {
  for (const entry of current) {
    const was = first[entry.name];
    if (!was) continue;
    await sql`
      UPDATE ${sql.table(table)} SET title = ${entry.title}
      WHERE name = ${entry.name} AND title = ${was.title}`.execute(db);
    await sql`
      UPDATE ${sql.table(table)} SET description = ${entry.description}
      WHERE name = ${entry.name} AND description = ${was.description}`.execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await replaceFirstTexts(db, 'feature_flag_defaults', FIRST_FLAG_TEXTS, featureFlagDefaults);
  await replaceFirstTexts(db, 'workflow_defaults', FIRST_SETTING_TEXTS, workflowDefaults);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const restore = async (
    table: 'feature_flag_defaults' | 'workflow_defaults',
    first: Record<string, Texts>,
    current: readonly ({ name: string } & Texts)[],
  ) => {
    for (const entry of current) {
      const was = first[entry.name];
      if (!was) continue;
      await sql`
        UPDATE ${sql.table(table)} SET title = ${was.title}
        WHERE name = ${entry.name} AND title = ${entry.title}`.execute(db);
      await sql`
        UPDATE ${sql.table(table)} SET description = ${was.description}
        WHERE name = ${entry.name} AND description = ${entry.description}`.execute(db);
    }
  };
  await restore('feature_flag_defaults', FIRST_FLAG_TEXTS, featureFlagDefaults);
  await restore('workflow_defaults', FIRST_SETTING_TEXTS, workflowDefaults);
}
