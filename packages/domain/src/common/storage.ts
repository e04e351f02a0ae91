/** Version of the locally stored state (SPEC §9); stored state of another version is discarded. */
export const STORAGE_SCHEMA_VERSION = '1.41.2';
