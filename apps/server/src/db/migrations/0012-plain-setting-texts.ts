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

/** The plain texts of issue 11, as they were written (a migration carries its own data: later edits of the
 * domain's texts must not change what it does). */
const PLAIN_FLAG_TEXTS: Record<string, Texts> = {
  clinicAdminTrash: {
    title: 'Trash for clinic administrators',
    description: 'Clinic administrators may move documents to the trash and bring them back.',
  },
  comments: {
    title: 'Comments',
    description:
      'People may comment on documents, address a comment to a colleague, and report a problem with a document.',
  },
  bulkESigning: {
    title: 'Bulk signing',
    description:
      "Providers may sign several documents in one step. The clinic's 'Allow bulk signing' setting must be on too, and each provider turns it on in their signature settings. Alerts are left out unless 'Bulk-sign alerts' is on; high alerts are always signed one by one.",
  },
  physicianBulkSignAlerts: {
    title: 'Bulk-sign alerts',
    description: 'Bulk signing includes medium and low alerts. High alerts are never signed in bulk.',
  },
  nurseMultiSelect: {
    title: 'Multi-select for nurses',
    description:
      'Nurses may select several documents in the inbox at once. Provider-company staff always may.',
  },
  createNewPatients: { title: 'Create new patients', description: 'Staff may add new patients by hand.' },
  inPersonDeviceCheck: {
    title: 'In-person device check',
    description: 'The page for recording an in-person device check is available.',
  },
  manufacturerAdvisories: {
    title: 'Manufacturer advisories',
    description:
      'Patients show the manufacturer advisories (recalls and safety notices) that apply to their device.',
  },
  editTechnicianReview: {
    title: 'Edit technician review',
    description: "The technician's review of a document may be edited after it is written.",
  },
};

/** The plain setting texts of issue 11, as they were written. */
const PLAIN_SETTING_TEXTS: Record<string, Texts> = {
  assignAlertsToPrimary: {
    title: 'Assign alerts to the primary provider',
    description: "New alerts go to the patient's primary provider instead of the usual assignee.",
  },
  hideDosOnSign: {
    title: 'Hide the date of service when signed',
    description: 'The signed PDF leaves out the date of service.',
  },
  assignReportsToUnassigned: {
    title: 'Leave new reports unassigned',
    description: 'New reports arrive with no provider assigned, for someone at the clinic to assign.',
  },
  replaceDosWithDateOfSignature: {
    title: 'Print the signing date instead of the date of service',
    description: 'The signed PDF shows the date it was signed where the date of service would be.',
  },
  emrPdfMaxPageLength: {
    title: 'Most pages sent to the EMR',
    description:
      "PDFs sent to the clinic's electronic medical record (EMR) are cut to at most this many pages.",
  },
  uploadAlertsToEmr: {
    title: 'Send signed alerts to the EMR',
    description: "Signed alerts go to the clinic's electronic medical record (EMR), as signed reports do.",
  },
  pdfProviderNote: {
    title: "Heading of the provider's note",
    description: "The heading printed above the provider's note on the signed PDF.",
  },
  signatureLabel: {
    title: 'Signature label',
    description: "The words printed before the signer's name on the signed PDF.",
  },
  footerText: { title: 'Footer text', description: 'Text printed at the foot of the signed PDF.' },
  encounterCoversheetType: {
    title: 'Encounter cover sheet',
    description:
      "The page put in front of encounter PDFs: none, the patient's longitudinal summary, or billing details.",
  },
  supportEmails: {
    title: 'Support e-mail addresses',
    description:
      'Who receives support requests and reported problems; separate several addresses with commas.',
  },
  sleepGlobalOfficeId: {
    title: 'Sleep-study vendor office ID',
    description: "The clinic's office ID at the sleep-study vendor, needed to send it sleep studies.",
  },
  referringAndInterpretingPhysician: {
    title: 'Referring and interpreting physicians',
    description: 'Documents record the referring physician and the interpreting physician separately.',
  },
  enableBulkSigning: {
    title: 'Allow bulk signing',
    description:
      "Providers may sign several documents in one step. The 'Bulk signing' feature flag must be on too, and each provider turns it on in their signature settings.",
  },
};

const asEntries = (texts: Record<string, Texts>) =>
  Object.entries(texts).map(([name, entry]) => ({ name, ...entry }));

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
  await replaceFirstTexts(db, 'feature_flag_defaults', FIRST_FLAG_TEXTS, asEntries(PLAIN_FLAG_TEXTS));
  await replaceFirstTexts(db, 'workflow_defaults', FIRST_SETTING_TEXTS, asEntries(PLAIN_SETTING_TEXTS));
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
  await restore('feature_flag_defaults', FIRST_FLAG_TEXTS, asEntries(PLAIN_FLAG_TEXTS));
  await restore('workflow_defaults', FIRST_SETTING_TEXTS, asEntries(PLAIN_SETTING_TEXTS));
}
