// The FHIR checks the EMR simulator makes of what it receives (Medplum's R4 validator and US Core 6.1's
// DocumentReference rules), for the server's tests to apply to every resource the portal sends.
export {
  checkDocumentBundle,
  checkUsCoreDocumentReference,
  checkUsCorePatient,
  checkUsCorePractitioner,
  validateR4Resource,
} from '@portal/simulators';
