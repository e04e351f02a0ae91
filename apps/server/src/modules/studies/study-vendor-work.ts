import type { StudySuite } from '@portal/domain';

/** The outbox work kinds of each suite's vendor: sending the order, cancelling it, reading its state. */
export const STUDY_VENDOR_WORK = {
  sleep: { push: 'zoll-push', cancel: 'zoll-cancel', sync: 'zoll-sync' },
  wcd: { push: 'infobionic-push', cancel: 'infobionic-cancel', sync: null },
  // Biobeat's API has no cancel: a session nobody wears records nothing.
  abpm: { push: 'biobeat-push', cancel: null, sync: null },
} as const satisfies Record<StudySuite, { push: string; cancel: string | null; sync: string | null }>;
