// What the Patients screens say when a call fails or succeeds, in the words of SPEC §8 ('Error …'). SPEC
// lists no patient messages of its own, so these follow its 'Error fetching notifications' pattern.

export const PATIENTS_FETCH_ERROR_MESSAGE = 'Error fetching patients';
export const PATIENT_FETCH_ERROR_MESSAGE = 'Error fetching patient';
export const PATIENT_CREATE_ERROR_MESSAGE = 'Error creating patient';
export const PATIENT_UPDATE_ERROR_MESSAGE = 'Error updating patient';
export const OAC_HISTORY_ERROR_MESSAGE = 'Error updating OAC history';
export const OAC_HISTORY_DELETE_ERROR_MESSAGE = 'Error deleting OAC history entry';
export const PATIENT_SYNC_ERROR_MESSAGE = 'Error syncing patient from FileMaker';
export const PATIENT_EVENTS_ERROR_MESSAGE = 'Error fetching patient events';
export const DEVICE_CATALOG_ERROR_MESSAGE = 'Error fetching device catalog';
export const ADVISORY_EXPORT_ERROR_MESSAGE = 'Error downloading the affected patients';

export const PATIENT_CREATED_MESSAGE = (name: string) => `${name} was added.`;
export const CHANGES_SAVED_MESSAGE = 'Changes saved.';
export const OAC_HISTORY_SAVED_MESSAGE = 'OAC history saved.';
export const OAC_HISTORY_DELETED_MESSAGE = 'OAC history entry deleted.';
export const PATIENT_SYNCED_MESSAGE = 'Synced from FileMaker.';
