// What the open document's panel loads on demand, in one chunk fetched with the first document opened:
// its patient, a study's results and the EMR delivery. One import() for the three keeps the inbox's own
// chunks as they were (each further import() splits the shared code into more, smaller chunks).
export { DocumentPatientSummary } from './document-patient-summary';
export { DocumentStudyResults } from './document-study-results';
export { EmrDeliveryStatus } from './emr-delivery-status';
