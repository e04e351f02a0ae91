// The package's entry point: simulators of the vendor services the portal talks to.

export * from './filemaker/data-api-answers';
export * from './filemaker/faults';
export * from './filemaker/filemaker-simulator';
export * from './filemaker/patient-records';
export { SESSION_IDLE_TIMEOUT_MS } from './filemaker/sessions';
