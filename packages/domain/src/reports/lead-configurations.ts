/** Lead configurations and the key of each one's measurement-field list (SPEC §3). */
export const LEAD_CONFIGURATION_KEYS = {
  'No Leads': 'ilr',
  Single: 'singleLead',
  Dual: 'dualLead',
  BiV: 'biValve',
} as const;
export type LeadConfiguration = keyof typeof LEAD_CONFIGURATION_KEYS;
export type LeadConfigurationKey = (typeof LEAD_CONFIGURATION_KEYS)[LeadConfiguration];
export const LEAD_CONFIGURATIONS = Object.keys(LEAD_CONFIGURATION_KEYS) as LeadConfiguration[];
