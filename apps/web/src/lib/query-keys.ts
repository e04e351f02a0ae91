// Every TanStack Query key of the app, in one place, so that one piece of server data is cached under one
// key and an invalidation reaches every screen that shows it. Keys are hierarchical: invalidating a
// prefix (`queryKeys.documents.all`) refreshes everything below it.

export const queryKeys = {
  portalConfig: ['portal-config'] as const,
  currentUser: {
    all: ['session', 'current-user'] as const,
    of: (subject: string | undefined, profileVersion: number | null) =>
      ['session', 'current-user', subject, profileVersion] as const,
  },
  clinics: {
    all: ['clinics'] as const,
    list: ['clinics', 'list'] as const,
    detail: (id: string) => ['clinics', 'detail', id] as const,
    defaults: (kind: string) => ['clinics', 'defaults', kind] as const,
    deviceCheckSettings: (npi: string) => ['clinics', 'device-check-settings', npi] as const,
    signatureSettings: (npi: string, userId: string) =>
      ['clinics', 'signature-settings', npi, userId] as const,
  },
  defaults: {
    of: (kind: string) => ['defaults', kind] as const,
  },
  // People at a clinic sit under the users prefix, so every user write (which invalidates
  // queryKeys.users.all) refreshes the inbox's reassign list and the clinic screens too.
  users: {
    all: ['users'] as const,
    /** A users screen's list: one clinic's users, or '*' for every user the actor may see. */
    list: (clinicNpiOrAll: string) => ['users', 'list', clinicNpiOrAll] as const,
    detail: (id: string) => ['users', 'detail', id] as const,
    /** The providers of a clinic: one key for the inbox's reassign list and the clinic screens. */
    providersOf: (npi: string) => ['users', 'providers', npi] as const,
    ofClinic: (npi: string) => ['users', 'clinic', npi] as const,
  },
  documents: {
    all: ['documents'] as const,
    lists: ['documents', 'list'] as const,
    list: (filtersKey: unknown) => ['documents', 'list', filtersKey] as const,
    signAllCandidates: (filtersKey: unknown) => ['documents', 'sign-all-candidates', filtersKey] as const,
    pdf: (id: string, status: string) => ['documents', 'pdf', id, status] as const,
    comments: (documentId: string) => ['documents', 'comments', documentId] as const,
    /** One patient's documents (the patient page): under the documents prefix, so document writes refresh it. */
    ofPatient: (clinicNpi: string, patientRef: string) =>
      ['documents', 'patient', clinicNpi, patientRef] as const,
    /** Where a signed document stands with the EMR: under the documents prefix, so signing refreshes it. */
    emrDelivery: (documentId: string) => ['documents', 'emr-delivery', documentId] as const,
  },
  // A patient write invalidates queryKeys.patients.all: the search pages, the patient, its timeline and
  // its advisories (a new device may match others) all refresh.
  patients: {
    all: ['patients'] as const,
    search: (clinicNpi: string) => ['patients', 'search', clinicNpi] as const,
    detail: (clinicNpi: string, id: string) => ['patients', 'detail', clinicNpi, id] as const,
    /** The clinic's patient with this clinic identifier (a document without a patient record id). */
    byPatientId: (clinicNpi: string, patientId: string) =>
      ['patients', 'by-patient-id', clinicNpi, patientId] as const,
    events: (clinicNpi: string, id: string) => ['patients', 'events', clinicNpi, id] as const,
    advisories: (clinicNpi: string, id: string) => ['patients', 'advisories', clinicNpi, id] as const,
    deviceCatalog: ['patients', 'device-catalog'] as const,
    /** A clinic's patients whose transmission is overdue (the metrics screen lists them). */
    overdueTransmissions: (clinicNpi: string) => ['patients', 'overdue-transmissions', clinicNpi] as const,
  },
  deviceGtins: {
    match: (clinicNpi: string, gtin: string) => ['device-gtins', clinicNpi, gtin] as const,
  },
  // A settings write invalidates queryKeys.trends.all: the settings and every longitudinal view (its
  // measurements, order, mode and flags come from them) refresh.
  trends: {
    all: ['trends'] as const,
    longitudinal: (clinicNpi: string, patientRef: string, params: Record<string, string | null>) =>
      ['trends', 'longitudinal', clinicNpi, patientRef, params] as const,
    /** A scope's longitudinal settings: the clinic's ('0') or a user's. */
    settings: (clinicNpi: string, userId: string) => ['trends', 'settings', clinicNpi, userId] as const,
  },
  // A study write invalidates queryKeys.studies.all: the clinic's study screens, the patient's Studies tab
  // and the sleep profile (whose current study it may be) all refresh.
  studies: {
    all: ['studies'] as const,
    /** A clinic's studies of one suite: the study screen's pages sit under it. */
    ofClinic: (clinicNpi: string, suite: string) => ['studies', 'clinic', clinicNpi, suite] as const,
    ofPatient: (clinicNpi: string, patientRef: string) =>
      ['studies', 'patient', clinicNpi, patientRef] as const,
    sleepProfile: (clinicNpi: string, patientRef: string) =>
      ['studies', 'sleep-profile', clinicNpi, patientRef] as const,
  },
  // Issue 17 §5: a document change (realtime) invalidates queryKeys.metrics.ticker in the header, and the
  // metrics screens' own keys while one is open.
  metrics: {
    all: ['metrics'] as const,
    /** The header's live counts of one clinic. */
    ticker: (clinicNpi: string) => ['metrics', 'ticker', clinicNpi] as const,
    clinicActivity: (clinicNpi: string, params: { from: string; to: string; interval: string }) =>
      ['metrics', 'clinic-activity', clinicNpi, params] as const,
    clinics: ['metrics', 'clinics'] as const,
    escalations: (params: Record<string, string | number>) => ['metrics', 'escalations', params] as const,
    dailyReport: (date: string) => ['metrics', 'daily-report', date] as const,
  },
  deviceData: {
    messages: (before: string, limit: number) => ['device-data', 'messages', { before, limit }] as const,
  },
  notifications: {
    all: ['notifications'] as const,
    preferences: ['notifications', 'preferences'] as const,
    emailOutbox: ['notifications', 'email-outbox'] as const,
    emailOutboxPage: (page: number, rows: number) =>
      ['notifications', 'email-outbox', { page, rows }] as const,
    document: (documentId: string) => ['notifications', 'document', documentId] as const,
  },
} as const;
