// The package's entry point: simulators of the vendor services the portal talks to.

export * from './biobeat/abpm-readings';
export * from './biobeat/biobeat-simulator';
export * from './emr/emr-simulator';
export {
  checkDocumentBundle,
  FHIR_JSON,
  type OperationOutcome,
  PORTAL_DOCUMENT_SYSTEM,
} from './emr/fhir-bundle';
export * from './emr/fhir-validation';
export * from './filemaker/data-api-answers';
export * from './filemaker/faults';
export * from './filemaker/filemaker-simulator';
export * from './filemaker/patient-records';
export { SESSION_IDLE_TIMEOUT_MS } from './filemaker/sessions';
export * from './infobionic/infobionic-results';
export * from './infobionic/infobionic-simulator';
export type { CallbackDelivery, CallbackStats } from './vendor-common/callback-sender';
export { type AdvanceRequest, STUDY_STEP_MS_DEFAULT } from './vendor-common/study-clock';
export type {
  StudyVendorCounts,
  StudyVendorDefaults,
  StudyVendorOptions,
  StudyVendorSimulator,
  StudyVendorStats,
} from './vendor-common/study-vendor';
export {
  VENDOR_FAULT_STATUSES,
  type VendorFaultStatus,
  type VendorFaults,
  type VendorFaultsInForce,
  vendorFaultsSchema,
} from './vendor-common/vendor-faults';
export * from './zoll/zoll-results';
export * from './zoll/zoll-simulator';
