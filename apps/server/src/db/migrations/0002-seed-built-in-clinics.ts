import { type Kysely, sql } from 'kysely';

// The built-in data of SPEC §3 and §9: flag and setting defaults and the sample clinics. It runs once, as a
// migration, so an administrator's later edits (a deleted default, say) are never re-seeded on restart.
// The rows are written out here, as they were seeded, and not read from the domain's live lists: editing
// those lists must never change what this migration does on a fresh database. A change to the built-in
// data needs a new migration. (0002-seed-built-in-clinics.test.ts fails if the rows change.)

type SeededFeatureFlagDefault = { name: string; title: string; description: string; enabled: boolean };
type SeededWorkflowDefault = SeededFeatureFlagDefault & { valueType: string; value: string | null };
type SeededSampleClinic = {
  npi: string;
  code: string;
  name: string;
  featureFlags: readonly { name: string; enabled: boolean }[];
};

const FEATURE_FLAG_DEFAULTS: readonly SeededFeatureFlagDefault[] = [
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
];

const WORKFLOW_DEFAULTS: readonly SeededWorkflowDefault[] = [
  {
    name: 'assignAlertsToPrimary',
    title: 'Assign alerts to the primary provider',
    description: "New alerts go to the patient's primary provider instead of the usual assignee.",
    enabled: false,
    valueType: 'string',
    value: null,
  },
  {
    name: 'hideDosOnSign',
    title: 'Hide the date of service when signed',
    description: 'The signed PDF leaves out the date of service.',
    enabled: false,
    valueType: 'string',
    value: null,
  },
  {
    name: 'assignReportsToUnassigned',
    title: 'Leave new reports unassigned',
    description: 'New reports arrive with no provider assigned, for someone at the clinic to assign.',
    enabled: false,
    valueType: 'string',
    value: null,
  },
  {
    name: 'replaceDosWithDateOfSignature',
    title: 'Print the signing date instead of the date of service',
    description: 'The signed PDF shows the date it was signed where the date of service would be.',
    enabled: false,
    valueType: 'string',
    value: null,
  },
  {
    name: 'emrPdfMaxPageLength',
    title: 'Most pages sent to the EMR',
    description:
      "PDFs sent to the clinic's electronic medical record (EMR) are cut to at most this many pages.",
    enabled: true,
    valueType: 'integer',
    value: '25',
  },
  {
    name: 'uploadAlertsToEmr',
    title: 'Send signed alerts to the EMR',
    description: "Signed alerts go to the clinic's electronic medical record (EMR), as signed reports do.",
    enabled: false,
    valueType: 'string',
    value: null,
  },
  {
    name: 'pdfProviderNote',
    title: "Heading of the provider's note",
    description: "The heading printed above the provider's note on the signed PDF.",
    enabled: true,
    valueType: 'string',
    value: 'Provider Note',
  },
  {
    name: 'signatureLabel',
    title: 'Signature label',
    description: "The words printed before the signer's name on the signed PDF.",
    enabled: true,
    valueType: 'string',
    value: 'Reviewed by:',
  },
  {
    name: 'footerText',
    title: 'Footer text',
    description: 'Text printed at the foot of the signed PDF.',
    enabled: true,
    valueType: 'string',
    value: '',
  },
  {
    name: 'encounterCoversheetType',
    title: 'Encounter cover sheet',
    description:
      "The page put in front of encounter PDFs: none, the patient's longitudinal summary, or billing details.",
    enabled: true,
    valueType: 'enum:none|longitudinal|billing',
    value: 'longitudinal',
  },
  {
    name: 'supportEmails',
    title: 'Support e-mail addresses',
    description:
      'Who receives support requests and reported problems; separate several addresses with commas.',
    enabled: true,
    valueType: 'string',
    value: 'support@portal.example',
  },
  {
    name: 'sleepGlobalOfficeId',
    title: 'Sleep-study vendor office ID',
    description: "The clinic's office ID at the sleep-study vendor, needed to send it sleep studies.",
    enabled: false,
    valueType: 'string',
    value: '',
  },
  {
    name: 'referringAndInterpretingPhysician',
    title: 'Referring and interpreting physicians',
    description: 'Documents record the referring physician and the interpreting physician separately.',
    enabled: false,
    valueType: 'string',
    value: null,
  },
  {
    name: 'enableBulkSigning',
    title: 'Allow bulk signing',
    description:
      "Providers may sign several documents in one step. The 'Bulk signing' feature flag must be on too, and each provider turns it on in their signature settings.",
    enabled: true,
    valueType: 'string',
    value: null,
  },
];

const SAMPLE_CLINICS: readonly SeededSampleClinic[] = [
  {
    npi: '1655154049',
    code: 'RBHA',
    name: 'Riverbend Heart Associates',
    featureFlags: [
      { name: 'clinicAdminTrash', enabled: false },
      { name: 'comments', enabled: false },
    ],
  },
  {
    npi: '1843987466',
    code: 'LKCG',
    name: 'Lakeside Cardiology Group',
    featureFlags: [
      { name: 'bulkESigning', enabled: true },
      { name: 'inPersonDeviceCheck', enabled: false },
    ],
  },
  {
    npi: '1818936704',
    code: 'SVC',
    name: 'Summit Valley Cardiology',
    featureFlags: [
      { name: 'inPersonDeviceCheck', enabled: true },
      { name: 'editTechnicianReview', enabled: true },
    ],
  },
  {
    npi: '1280571930',
    code: 'HHI',
    name: 'Harborview Heart Institute',
    featureFlags: [
      { name: 'clinicAdminTrash', enabled: true },
      { name: 'comments', enabled: true },
      { name: 'bulkESigning', enabled: true },
    ],
  },
  {
    npi: '1804675340',
    code: 'PCC',
    name: 'Pinecrest Cardiovascular Center',
    featureFlags: [
      { name: 'clinicAdminTrash', enabled: true },
      { name: 'comments', enabled: false },
      { name: 'physicianBulkSignAlerts', enabled: true },
      { name: 'manufacturerAdvisories', enabled: true },
    ],
  },
  {
    npi: '1008949632',
    code: 'MBHC',
    name: 'Meadowbrook Heart Clinic',
    featureFlags: [
      { name: 'clinicAdminTrash', enabled: true },
      { name: 'manufacturerAdvisories', enabled: true },
    ],
  },
  {
    npi: '1918258199',
    code: 'CRC',
    name: 'Cedar Ridge Cardiology',
    featureFlags: [
      { name: 'comments', enabled: true },
      { name: 'physicianBulkSignAlerts', enabled: true },
      { name: 'createNewPatients', enabled: false },
      { name: 'inPersonDeviceCheck', enabled: true },
    ],
  },
  {
    npi: '1007949823',
    code: 'SCHP',
    name: 'Silver Creek Heart Partners',
    featureFlags: [
      { name: 'nurseMultiSelect', enabled: false },
      { name: 'createNewPatients', enabled: true },
      { name: 'manufacturerAdvisories', enabled: false },
    ],
  },
  {
    npi: '1225070956',
    code: 'NGEP',
    name: 'Northgate Electrophysiology',
    featureFlags: [
      { name: 'clinicAdminTrash', enabled: true },
      { name: 'comments', enabled: true },
    ],
  },
  {
    npi: '1365415573',
    code: 'BWCC',
    name: 'Bluewater Cardiac Care',
    featureFlags: [
      { name: 'clinicAdminTrash', enabled: true },
      { name: 'comments', enabled: true },
      { name: 'physicianBulkSignAlerts', enabled: true },
      { name: 'manufacturerAdvisories', enabled: true },
    ],
  },
  {
    npi: '1898074533',
    code: 'OHV',
    name: 'Oakmont Heart & Vascular',
    featureFlags: [
      { name: 'clinicAdminTrash', enabled: true },
      { name: 'comments', enabled: true },
    ],
  },
  {
    npi: '1822371120',
    code: 'PWC',
    name: 'Prairie Wind Cardiology',
    featureFlags: [
      { name: 'clinicAdminTrash', enabled: true },
      { name: 'comments', enabled: true },
      { name: 'nurseMultiSelect', enabled: true },
      { name: 'createNewPatients', enabled: true },
    ],
  },
  {
    npi: '1344872712',
    code: 'GPHC',
    name: 'Granite Peak Heart Center',
    featureFlags: [
      { name: 'physicianBulkSignAlerts', enabled: true },
      { name: 'createNewPatients', enabled: true },
      { name: 'manufacturerAdvisories', enabled: true },
    ],
  },
  {
    npi: '1775617834',
    code: 'WSC',
    name: 'Willow Springs Cardiology',
    featureFlags: [
      { name: 'clinicAdminTrash', enabled: true },
      { name: 'comments', enabled: true },
      { name: 'nurseMultiSelect', enabled: true },
    ],
  },
  {
    npi: '1161311653',
    code: 'CRHY',
    name: 'Coastal Rhythm Clinic',
    featureFlags: [
      { name: 'comments', enabled: false },
      { name: 'bulkESigning', enabled: true },
      { name: 'physicianBulkSignAlerts', enabled: true },
      { name: 'nurseMultiSelect', enabled: true },
    ],
  },
  {
    npi: '1906342385',
    code: 'RCA',
    name: 'Redstone Cardiovascular Associates',
    featureFlags: [
      { name: 'bulkESigning', enabled: false },
      { name: 'nurseMultiSelect', enabled: true },
      { name: 'createNewPatients', enabled: false },
    ],
  },
  {
    npi: '1651658175',
    code: 'MGHC',
    name: 'Maple Grove Heart Clinic',
    featureFlags: [
      { name: 'nurseMultiSelect', enabled: true },
      { name: 'createNewPatients', enabled: true },
    ],
  },
  {
    npi: '1199172739',
    code: 'SBC',
    name: 'Stonebridge Cardiology',
    featureFlags: [
      { name: 'physicianBulkSignAlerts', enabled: true },
      { name: 'createNewPatients', enabled: true },
      { name: 'inPersonDeviceCheck', enabled: true },
      { name: 'manufacturerAdvisories', enabled: false },
    ],
  },
  {
    npi: '1783026457',
    code: 'CHRC',
    name: 'Clearwater Heart Rhythm Center',
    featureFlags: [
      { name: 'clinicAdminTrash', enabled: true },
      { name: 'bulkESigning', enabled: false },
      { name: 'nurseMultiSelect', enabled: true },
    ],
  },
  {
    npi: '1403595808',
    code: 'HPC',
    name: 'Highland Park Cardiology',
    featureFlags: [
      { name: 'clinicAdminTrash', enabled: true },
      { name: 'bulkESigning', enabled: true },
      { name: 'manufacturerAdvisories', enabled: false },
      { name: 'editTechnicianReview', enabled: true },
    ],
  },
  {
    npi: '1897934919',
    code: 'SRCS',
    name: 'Sunrise Cardiac Specialists',
    featureFlags: [
      { name: 'bulkESigning', enabled: true },
      { name: 'physicianBulkSignAlerts', enabled: true },
    ],
  },
  {
    npi: '1959490321',
    code: 'EGHI',
    name: 'Evergreen Heart Institute',
    featureFlags: [
      { name: 'clinicAdminTrash', enabled: true },
      { name: 'createNewPatients', enabled: true },
      { name: 'inPersonDeviceCheck', enabled: true },
    ],
  },
  {
    npi: '1359026337',
    code: 'CVC',
    name: 'Canyon View Cardiology',
    featureFlags: [
      { name: 'bulkESigning', enabled: true },
      { name: 'physicianBulkSignAlerts', enabled: true },
      { name: 'manufacturerAdvisories', enabled: true },
    ],
  },
  {
    npi: '1553454871',
    code: 'BFHA',
    name: 'Brookfield Heart Associates',
    featureFlags: [
      { name: 'bulkESigning', enabled: false },
      { name: 'physicianBulkSignAlerts', enabled: true },
    ],
  },
  {
    npi: '1218429441',
    code: 'GPCC',
    name: 'Golden Plains Cardiac Center',
    featureFlags: [
      { name: 'comments', enabled: true },
      { name: 'inPersonDeviceCheck', enabled: true },
      { name: 'manufacturerAdvisories', enabled: true },
      { name: 'editTechnicianReview', enabled: true },
    ],
  },
  {
    npi: '1439369673',
    code: 'IWC',
    name: 'Ironwood Cardiology',
    featureFlags: [
      { name: 'comments', enabled: true },
      { name: 'bulkESigning', enabled: false },
      { name: 'inPersonDeviceCheck', enabled: false },
    ],
  },
  {
    npi: '1924787041',
    code: 'FHR',
    name: 'Fairhaven Heart & Rhythm',
    featureFlags: [
      { name: 'clinicAdminTrash', enabled: true },
      { name: 'comments', enabled: true },
    ],
  },
  {
    npi: '1893733737',
    code: 'WFCC',
    name: 'Westfield Cardiovascular Clinic',
    featureFlags: [
      { name: 'clinicAdminTrash', enabled: true },
      { name: 'comments', enabled: true },
      { name: 'bulkESigning', enabled: true },
      { name: 'nurseMultiSelect', enabled: true },
    ],
  },
  {
    npi: '1209945553',
    code: 'AHC',
    name: 'Aspen Hollow Cardiology',
    featureFlags: [
      { name: 'clinicAdminTrash', enabled: false },
      { name: 'inPersonDeviceCheck', enabled: true },
      { name: 'manufacturerAdvisories', enabled: true },
    ],
  },
  {
    npi: '1772112136',
    code: 'BYHC',
    name: 'Bayside Heart Center',
    featureFlags: [
      { name: 'physicianBulkSignAlerts', enabled: true },
      { name: 'nurseMultiSelect', enabled: true },
      { name: 'inPersonDeviceCheck', enabled: false },
    ],
  },
  {
    npi: '1717519528',
    code: 'CHC',
    name: 'Copper Hills Cardiology',
    featureFlags: [
      { name: 'clinicAdminTrash', enabled: false },
      { name: 'comments', enabled: true },
      { name: 'bulkESigning', enabled: false },
      { name: 'manufacturerAdvisories', enabled: true },
    ],
  },
  {
    npi: '1525221853',
    code: 'DWCC',
    name: 'Driftwood Cardiac Clinic',
    featureFlags: [
      { name: 'physicianBulkSignAlerts', enabled: false },
      { name: 'inPersonDeviceCheck', enabled: true },
      { name: 'editTechnicianReview', enabled: true },
    ],
  },
  {
    npi: '1936595911',
    code: 'EBHP',
    name: 'Eastbrook Heart Partners',
    featureFlags: [
      { name: 'clinicAdminTrash', enabled: true },
      { name: 'physicianBulkSignAlerts', enabled: true },
      { name: 'nurseMultiSelect', enabled: true },
    ],
  },
  {
    npi: '1507887481',
    code: 'FXGC',
    name: 'Foxglove Cardiology',
    featureFlags: [
      { name: 'clinicAdminTrash', enabled: true },
      { name: 'bulkESigning', enabled: true },
      { name: 'physicianBulkSignAlerts', enabled: true },
      { name: 'editTechnicianReview', enabled: true },
    ],
  },
  {
    npi: '1065424263',
    code: 'GWHI',
    name: 'Glenwood Heart Institute',
    featureFlags: [
      { name: 'inPersonDeviceCheck', enabled: true },
      { name: 'editTechnicianReview', enabled: true },
    ],
  },
  {
    npi: '1423501646',
    code: 'HTCA',
    name: 'Hawthorne Cardiac Associates',
    featureFlags: [
      { name: 'clinicAdminTrash', enabled: true },
      { name: 'nurseMultiSelect', enabled: true },
      { name: 'createNewPatients', enabled: true },
    ],
  },
  {
    npi: '1664024027',
    code: 'JHRC',
    name: 'Juniper Heart Rhythm Clinic',
    featureFlags: [
      { name: 'physicianBulkSignAlerts', enabled: true },
      { name: 'nurseMultiSelect', enabled: true },
      { name: 'createNewPatients', enabled: true },
      { name: 'manufacturerAdvisories', enabled: true },
    ],
  },
  {
    npi: '1746173263',
    code: 'KPC',
    name: 'Kingsport Cardiology',
    featureFlags: [
      { name: 'clinicAdminTrash', enabled: true },
      { name: 'comments', enabled: true },
      { name: 'createNewPatients', enabled: true },
      { name: 'editTechnicianReview', enabled: true },
    ],
  },
  {
    npi: '1340013626',
    code: 'LSHC',
    name: 'Larkspur Heart Center',
    featureFlags: [
      { name: 'comments', enabled: false },
      { name: 'physicianBulkSignAlerts', enabled: false },
      { name: 'inPersonDeviceCheck', enabled: false },
      { name: 'editTechnicianReview', enabled: true },
    ],
  },
  {
    npi: '1906908037',
    code: 'MSTC',
    name: 'Mistral Cardiovascular',
    featureFlags: [
      { name: 'clinicAdminTrash', enabled: true },
      { name: 'comments', enabled: false },
      { name: 'physicianBulkSignAlerts', enabled: false },
      { name: 'editTechnicianReview', enabled: true },
    ],
  },
  {
    npi: '1188118107',
    code: 'NWC',
    name: 'Northwind Cardiology',
    featureFlags: [
      { name: 'clinicAdminTrash', enabled: true },
      { name: 'physicianBulkSignAlerts', enabled: true },
      { name: 'createNewPatients', enabled: false },
    ],
  },
  {
    npi: '1190898779',
    code: 'OLHC',
    name: 'Orchard Lane Heart Clinic',
    featureFlags: [
      { name: 'clinicAdminTrash', enabled: true },
      { name: 'comments', enabled: false },
      { name: 'createNewPatients', enabled: true },
    ],
  },
  {
    npi: '1027144439',
    code: 'PLCC',
    name: 'Palisades Cardiac Care',
    featureFlags: [
      { name: 'comments', enabled: true },
      { name: 'nurseMultiSelect', enabled: true },
      { name: 'editTechnicianReview', enabled: false },
    ],
  },
  {
    npi: '1571308257',
    code: 'QHC',
    name: 'Quarry Hill Cardiology',
    featureFlags: [
      { name: 'comments', enabled: true },
      { name: 'manufacturerAdvisories', enabled: true },
    ],
  },
  {
    npi: '1931395341',
    code: 'RWHA',
    name: 'Rosewood Heart Associates',
    featureFlags: [
      { name: 'comments', enabled: true },
      { name: 'nurseMultiSelect', enabled: true },
    ],
  },
  {
    npi: '1834478822',
    code: 'SGBC',
    name: 'Sagebrush Cardiology',
    featureFlags: [
      { name: 'clinicAdminTrash', enabled: true },
      { name: 'physicianBulkSignAlerts', enabled: false },
      { name: 'createNewPatients', enabled: true },
    ],
  },
  {
    npi: '1074441076',
    code: 'TWHR',
    name: 'Tidewater Heart Rhythm',
    featureFlags: [
      { name: 'physicianBulkSignAlerts', enabled: true },
      { name: 'nurseMultiSelect', enabled: false },
      { name: 'manufacturerAdvisories', enabled: true },
    ],
  },
  {
    npi: '1174720163',
    code: 'UCG',
    name: 'Upland Cardiovascular Group',
    featureFlags: [
      { name: 'comments', enabled: true },
      { name: 'manufacturerAdvisories', enabled: true },
    ],
  },
  {
    npi: '1399011018',
    code: 'VRC',
    name: 'Vista Ridge Cardiology',
    featureFlags: [
      { name: 'bulkESigning', enabled: true },
      { name: 'physicianBulkSignAlerts', enabled: false },
      { name: 'createNewPatients', enabled: true },
      { name: 'manufacturerAdvisories', enabled: true },
    ],
  },
  {
    npi: '1527280626',
    code: 'WSHC',
    name: 'Whitestone Heart Clinic',
    featureFlags: [
      { name: 'comments', enabled: false },
      { name: 'editTechnicianReview', enabled: true },
    ],
  },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const flag of FEATURE_FLAG_DEFAULTS) {
    await sql`
      INSERT INTO feature_flag_defaults (name, title, description, enabled)
      VALUES (${flag.name}, ${flag.title}, ${flag.description}, ${flag.enabled})`.execute(db);
  }
  for (const setting of WORKFLOW_DEFAULTS) {
    await sql`
      INSERT INTO workflow_defaults (name, title, description, enabled, value_type, value)
      VALUES (${setting.name}, ${setting.title}, ${setting.description}, ${setting.enabled},
              ${setting.valueType}, ${setting.value})`.execute(db);
  }
  for (const clinic of SAMPLE_CLINICS) {
    const inserted = await sql<{ id: string }>`
      INSERT INTO organizations (npi, code, name, updated_by)
      VALUES (${clinic.npi}, ${clinic.code}, ${clinic.name}, 'system')
      RETURNING id`.execute(db);
    const organizationId = inserted.rows[0]?.id;
    for (const flag of clinic.featureFlags) {
      await sql`
        INSERT INTO organization_feature_flags (organization_id, name, enabled)
        VALUES (${organizationId}, ${flag.name}, ${flag.enabled})`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM organizations WHERE updated_by = 'system'`.execute(db);
  await sql`DELETE FROM workflow_defaults`.execute(db);
  await sql`DELETE FROM feature_flag_defaults`.execute(db);
}
