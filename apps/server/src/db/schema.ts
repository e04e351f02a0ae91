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
  /** The stored identifier the user's realtime channel is named after (unique; never the user id). */
  channelId: Generated<string>;
  /** The last sign-in through the portal's own login page; null when never. Not audited (not a change). */
  lastSignInAt: Date | null;
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
  /** 1: plain SHA-256 (events written before keyed links); 2: HMAC-SHA-256 under the audit key. */
  linkVersion: number;
};

type JsonNullable = ColumnType<unknown, string | null | undefined, string | null>;
type TextArray = ColumnType<string[], string[] | undefined, string[]>;
type Flag = Generated<boolean>;

export type DocumentsTable = {
  id: Generated<string>;
  clinicNpi: string;
  type: string;
  serviceLine: string;
  status: Generated<string>;
  alert: string | null;
  alertType: string | null;
  alertText: string | null;
  assignedTo: string | null;
  dos: ColumnType<Date, Date | string, Date | string>;
  dosKey: ColumnType<string, number | string | bigint, number | string | bigint>;
  device: string | null;
  deviceDetail: JsonNullable;
  patientId: string;
  patientDob: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  patientFirstName: Generated<string>;
  patientLastName: Generated<string>;
  patientPhone: string | null;
  patientSource: string | null;
  patientInfo: JsonNullable;
  physicianName: string | null;
  physicianNpi: string | null;
  practiceLocation: string | null;
  rpmEncounterId: string | null;
  cptCodes: TextArray;
  icd10Codes: TextArray;
  isOnOac: Flag;
  isPinned: Flag;
  locked: Flag;
  isDownloaded: Flag;
  isHidden: Flag;
  systemError: Flag;
  isDraft: Flag;
  hasEpisodes: Flag;
  longitudinal: Flag;
  note: Generated<string>;
  comment: string | null;
  assessmentPlan: string | null;
  certifiedBy: string | null;
  clinicalStart: Date | null;
  clinicalEnd: Date | null;
  emrNumber: string | null;
  auditNote: string | null;
  metadata: ColumnType<Record<string, unknown>, string | undefined, string>;
  originalSha256: string;
  signedSha256: string | null;
  signedBy: string | null;
  signedAt: Date | null;
  deletedAt: Date | null;
  deletedBy: string | null;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
  pinRank: ColumnType<number, never, never>;
  statusRank: ColumnType<number, never, never>;
  alertRank: ColumnType<number, never, never>;
  searchText: ColumnType<string, never, never>;
  /** The patient record this document belongs to (issue 13); null until ingest or populate links it. */
  patientRef: string | null;
  /** Its review deadline and escalation times (issue 17), computed at ingest from the clinic's windows. */
  dueAt: Date | null;
  halfDueAt: Date | null;
  twiceDueAt: Date | null;
  /** Unsigned past its due time, as the metrics worker last marked it (the rollups count it overdue). */
  pastDue: Generated<boolean>;
};

/** An escalation step a document reached (issue 17): one row per step, so it fires once. */
export type DocumentEscalationsTable = {
  documentId: string;
  step: string;
  clinicNpi: string;
  firedAt: CreatedAt;
};

/** A provider-company reviewer's internal review of a document (issue 17 §1). */
export type InternalReviewsTable = {
  id: Generated<string>;
  documentId: string;
  clinicNpi: string;
  reviewerId: string;
  note: string;
  reviewedAt: CreatedAt;
};

type JsonColumn<T> = ColumnType<T, string | undefined, string>;
type NullableJsonColumn<T> = ColumnType<T | null, string | null | undefined, string | null>;
type DateOnly = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** One OAC history entry as stored in patients.oac_history. */
export type StoredOacHistoryEntry = {
  id: string;
  medicationName: string | null;
  startDate: string;
  endDate: string | null;
  updatedBy: string | null;
  updatedAt: string;
};

export type PatientsTable = {
  id: Generated<string>;
  clinicNpi: string;
  patientId: string;
  fmId: string | null;
  firstName: Generated<string>;
  middleName: string | null;
  lastName: Generated<string>;
  dob: DateOnly;
  gender: string | null;
  physicianNpi: string | null;
  oacStatus: string | null;
  oacHistory: JsonColumn<StoredOacHistoryEntry[]>;
  medicalInfo: NullableJsonColumn<Record<string, unknown>>;
  deviceInfo: NullableJsonColumn<Record<string, unknown>>;
  contactInfo: NullableJsonColumn<Record<string, unknown>>;
  override: NullableJsonColumn<Record<string, unknown>>;
  deviceSerial: ColumnType<string | null, never, never>;
  syncedAt: Date | null;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
  updatedBy: string | null;
  searchText: ColumnType<string, never, never>;
};

/** A manufacturer advisory (issue 13 §8): a recall or safety notice and the devices it touches. */
export type ManufacturerAdvisoriesTable = {
  id: Generated<string>;
  manufacturer: string;
  models: TextArray;
  serialRanges: JsonColumn<{ from: string; to: string }[]>;
  serialNumbers: TextArray;
  title: string;
  publishedOn: ColumnType<Date, Date | string, Date | string>;
  recommendation: string;
  url: string | null;
  createdAt: CreatedAt;
};

/** A device session (issue 14): one remote transmission or in-person check of a patient's device. */
/** Issue 28: every HL7 message the device data import received for a clinic, as it came (immutable). */
export type DeviceDataMessagesTable = {
  id: Generated<string>;
  clinicNpi: string;
  receivedAt: ColumnType<Date, Date | string | undefined, never>;
  receivedBy: string;
  sendingFacility: string;
  controlId: string;
  raw: ColumnType<string, string, never>;
  sha256: ColumnType<string, string, never>;
  ack: ColumnType<string, string, never>;
  ackCode: string;
  outcome: string;
  /** The ACK's warnings, as JSON: [{location, condition, message}]. */
  warnings: ColumnType<string, string | undefined, string>;
  sessionId: string | null;
  reprocessedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
};

export type DeviceSessionsTable = {
  id: Generated<string>;
  clinicNpi: string;
  patientRef: string;
  deviceType: string;
  kind: string;
  source: string;
  sessionDate: ColumnType<Date, Date | string, Date | string>;
  manufacturer: string | null;
  model: string | null;
  serialNumber: string | null;
  leadConfiguration: string | null;
  documentId: string | null;
  /** What makes an import idempotent: the HL7 sender and control id, or a form submission's key. */
  externalId: string | null;
  observations: string | null;
  programmingChanges: string | null;
  nextFollowUp: DateOnly;
  createdAt: CreatedAt;
  createdBy: string | null;
};

/** Issue 29 §1: a printout's identity read for a patient and compared with theirs (0026). */
export type PrintoutIdentityChecksTable = {
  id: Generated<string>;
  clinicNpi: string;
  patientRef: string;
  printoutSha256: string;
  /** The domain's PrintoutIdentityComparison, as the reading made it. */
  comparison: JsonColumn<Record<string, unknown>>;
  needsConfirmation: boolean;
  createdBy: string;
  createdAt: CreatedAt;
};

/** One IDCO-keyed value of a device session, with its provenance. */
export type DeviceMeasurementsTable = {
  id: ColumnType<string, never, never>;
  sessionId: string;
  patientRef: string;
  key: string;
  measuredAt: ColumnType<Date, Date | string, Date | string>;
  valueNumber: number | null;
  valueText: string | null;
  source: string;
  confirmedBy: string | null;
  confirmedAt: Date | null;
};

/** Longitudinal settings of a clinic (userId '0') or of a user there: only what the scope sets. */
export type LongitudinalSettingsTable = {
  clinicNpi: string;
  userId: string;
  settings: JsonColumn<Record<string, unknown>>;
  updatedAt: UpdatedAt;
  updatedBy: string | null;
};

/** A clinic's pairing of a GTIN with a catalog model (issue 15), used for every later scan at the clinic. */
export type DeviceGtinPairingsTable = {
  clinicNpi: string;
  /** GTIN-14. */
  gtin: string;
  manufacturer: string;
  modelNumber: string;
  createdBy: string | null;
  createdAt: CreatedAt;
  updatedBy: string | null;
  updatedAt: UpdatedAt;
};

export type DocumentCommentsTable = {
  id: Generated<string>;
  documentId: string;
  authorId: string | null;
  to: string | null;
  text: string;
  status: Generated<string>;
  type: Generated<string>;
  metadata: ColumnType<Record<string, unknown>, string | undefined, string>;
  reactions: ColumnType<Record<string, string[]>, string | undefined, string>;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
};

export type SignatureSettingsTable = {
  clinicNpi: string;
  userId: string;
  crmPrompts: string;
  wcdPrompts: string;
  sleepPrompts: string;
  abpmPrompts: string;
  rpmPrompts: string;
  noIssuesNote: string;
  quickSignNote: string;
  bulkSignNote: string;
  rpmSelectByDos: boolean;
  bulkSignEnabled: boolean;
  updatedAt: UpdatedAt;
  updatedBy: string | null;
};

export type DeviceCheckSettingsTable = {
  clinicNpi: string;
  observationPrompts: string;
  updatedAt: UpdatedAt;
  updatedBy: string | null;
};

export type NotificationsTable = {
  id: Generated<string>;
  userId: string;
  type: string;
  category: Generated<string>;
  title: string;
  text: string;
  subTitle: string | null;
  url: string | null;
  fromUserId: string | null;
  srcApplication: string | null;
  documentId: string | null;
  isRead: Generated<boolean>;
  createdAt: CreatedAt;
};

export type NotificationPreferencesTable = {
  userId: string;
  enableWeeklyDigest: boolean;
  enableDailyDigest: boolean;
  enableRealtimeAlerts: string;
  enableDailyAdminReport: Generated<boolean>;
  updatedAt: UpdatedAt;
};

export type RealtimeOutboxTable = {
  id: Generated<string>;
  events: ColumnType<{ channel: string; event: string; data: Record<string, unknown> }[], string, string>;
  createdAt: CreatedAt;
  publishedAt: Date | null;
};

export type EmailOutboxTable = {
  id: Generated<string>;
  toAddress: string;
  subject: string;
  body: string;
  kind: string;
  createdAt: CreatedAt;
  sentAt: Date | null;
  attempts: Generated<number>;
  claimedUntil: Date | null;
  lastError: string | null;
};

/** A fixed-window rate-limit counter shared by every instance; the key is a digest. */
export type RateLimitCountersTable = {
  key: string;
  count: number;
  windowEndsAt: Date;
};

/** Rolled-up counts (issue 17): rows of +1/-1 written by the documents trigger, summed on read. */
type RollupRow = { compacted: Generated<boolean> };

export type DocumentDailyCountsTable = RollupRow & {
  clinicNpi: string;
  day: ColumnType<string, string, string>;
  serviceLine: string;
  type: string;
  reviewClass: string;
  received: Generated<number>;
  signed: Generated<number>;
  acknowledged: Generated<number>;
  trashed: Generated<number>;
  deadlinesMet: Generated<number>;
  deadlinesMissed: Generated<number>;
};

export type DocumentReviewTimesTable = RollupRow & {
  clinicNpi: string;
  day: ColumnType<string, string, string>;
  reviewClass: string;
  bucket: number;
  reviews: Generated<number>;
};

export type DocumentOpenCountsTable = RollupRow & {
  clinicNpi: string;
  receivedDay: ColumnType<string, string, string>;
  reviewClass: string;
  open: Generated<number>;
};

export type ClinicOpenCountsTable = RollupRow & {
  clinicNpi: string;
  reviewClass: string;
  open: Generated<number>;
  overdue: Generated<number>;
};

export type DailyReportSnapshotsTable = {
  day: ColumnType<string, string, string>;
  clinicNpi: string;
  overdue: number;
  overduePatients: number;
  takenAt: CreatedAt;
};

export type ReminderRunsTable = {
  kind: string;
  period: string;
  startedAt: CreatedAt;
  notified: Generated<number>;
};

/** A study (issue 16): ordered for a patient, sent to its vendor, its results an inbox document. */
export type StudiesTable = {
  id: Generated<string>;
  clinicNpi: string;
  patientRef: string;
  suite: string;
  studyType: string | null;
  status: Generated<string>;
  orderingPhysicianNpi: string;
  orderingPhysicianName: string;
  startDate: DateOnly;
  duration: number;
  notes: Generated<string>;
  vendorReference: string | null;
  pushState: Generated<string>;
  pushError: string | null;
  pushedAt: Date | null;
  results: NullableJsonColumn<Record<string, unknown>>;
  documentId: string | null;
  createdBy: string | null;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
};

export type StudyStatusChangesTable = {
  id: Generated<string>;
  studyId: string;
  fromStatus: string | null;
  toStatus: string;
  source: string;
  actorId: string | null;
  changedAt: CreatedAt;
};

export type SleepProfilesTable = {
  patientRef: string;
  clinicNpi: string;
  heightCm: number | null;
  weightKg: number | null;
  neckCircumferenceCm: number | null;
  epworthScore: number | null;
  notes: Generated<string>;
  currentStudyId: string | null;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
  updatedBy: string | null;
};

/** Work owed to a vendor (a study's order, a document's EMR delivery), committed with its cause. */
export type VendorOutboxTable = {
  id: Generated<string>;
  kind: string;
  clinicNpi: string;
  subjectId: string;
  idempotencyKey: string;
  attempts: Generated<number>;
  availableAt: Generated<Date>;
  claimedUntil: Date | null;
  doneAt: Date | null;
  failedAt: Date | null;
  lastError: string | null;
  createdAt: CreatedAt;
};

export type EmrDeliveriesTable = {
  documentId: string;
  clinicNpi: string;
  state: string;
  emrId: string | null;
  reason: string | null;
  attempts: Generated<number>;
  pageCount: number | null;
  signedSha256: string | null;
  pdfSha256: string | null;
  pdfWorkKey: string | null;
  updatedAt: UpdatedAt;
  /** none, queued, entered-in-error or failed (0027). */
  correctionState: Generated<string>;
  correctionEmrId: Generated<string | null>;
  correctionReason: Generated<string | null>;
  replacesEmrId: Generated<string | null>;
};

export type VendorCallbacksTable = {
  vendor: string;
  deliveryId: string;
  studyId: string | null;
  documentId: string | null;
  receivedAt: CreatedAt;
};

export type Database = {
  documentEscalations: DocumentEscalationsTable;
  internalReviews: InternalReviewsTable;
  studies: StudiesTable;
  studyStatusChanges: StudyStatusChangesTable;
  sleepProfiles: SleepProfilesTable;
  vendorOutbox: VendorOutboxTable;
  emrDeliveries: EmrDeliveriesTable;
  vendorCallbacks: VendorCallbacksTable;
  notifications: NotificationsTable;
  notificationPreferences: NotificationPreferencesTable;
  realtimeOutbox: RealtimeOutboxTable;
  emailOutbox: EmailOutboxTable;
  reminderRuns: ReminderRunsTable;
  documentDailyCounts: DocumentDailyCountsTable;
  documentReviewTimes: DocumentReviewTimesTable;
  documentOpenCounts: DocumentOpenCountsTable;
  clinicOpenCounts: ClinicOpenCountsTable;
  dailyReportSnapshots: DailyReportSnapshotsTable;
  rateLimitCounters: RateLimitCountersTable;
  signatureSettings: SignatureSettingsTable;
  deviceCheckSettings: DeviceCheckSettingsTable;
  documents: DocumentsTable;
  patients: PatientsTable;
  manufacturerAdvisories: ManufacturerAdvisoriesTable;
  deviceSessions: DeviceSessionsTable;
  deviceDataMessages: DeviceDataMessagesTable;
  deviceMeasurements: DeviceMeasurementsTable;
  printoutIdentityChecks: PrintoutIdentityChecksTable;
  longitudinalSettings: LongitudinalSettingsTable;
  deviceGtinPairings: DeviceGtinPairingsTable;
  documentComments: DocumentCommentsTable;
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
export type DocumentRow = Selectable<DocumentsTable>;
export type PatientRow = Selectable<PatientsTable>;
export type DocumentCommentRow = Selectable<DocumentCommentsTable>;
export type NotificationRow = Selectable<NotificationsTable>;
