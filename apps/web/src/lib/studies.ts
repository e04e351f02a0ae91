// Studies (issue 16) in words: their statuses, suites, vendors and the limits of an order, for the study
// screens and the patient's Studies tab. (The drawer and the router name the study screens from
// study-paths.ts: that module comes with the signed-in screens, this one only with the screens that show
// studies.)
//
// The labels, vendor names and limits are the studies contract's (STUDY_STATUS_LABELS, STUDY_SUITE_LABELS,
// STUDY_VENDOR_NAMES, SLEEP_STUDY_NIGHTS, WCD_STUDY_DAYS, ABPM_STUDY_HOURS). They are
// written here because importing any value from that module keeps its schemas, and zod with them, in the
// web bundle (its schemas chain calls the bundler cannot drop: `z.string().trim().refine(…)`); each
// `satisfies` keeps the copy in step with the contract's own type.
import type {
  ABPM_STUDY_HOURS as CONTRACT_ABPM_STUDY_HOURS,
  SLEEP_STUDY_NIGHTS as CONTRACT_SLEEP_STUDY_NIGHTS,
  STUDY_STATUS_LABELS as CONTRACT_STUDY_STATUS_LABELS,
  STUDY_SUITE_LABELS as CONTRACT_STUDY_SUITE_LABELS,
  STUDY_VENDOR_NAMES as CONTRACT_STUDY_VENDOR_NAMES,
  WCD_STUDY_DAYS as CONTRACT_WCD_STUDY_DAYS,
  StudyStatus,
} from '@portal/domain';

export const STUDY_STATUS_LABELS = {
  new: 'New',
  'in-progress': 'In progress',
  'ready-for-review': 'Ready for review',
  reviewed: 'Reviewed',
  cancelled: 'Cancelled',
} as const satisfies typeof CONTRACT_STUDY_STATUS_LABELS;

export const STUDY_SUITE_LABELS = {
  sleep: 'Sleep',
  wcd: 'Wearable cardiac',
  abpm: 'Ambulatory BP',
} as const satisfies typeof CONTRACT_STUDY_SUITE_LABELS;

export const STUDY_VENDOR_NAMES = {
  sleep: 'Zoll',
  wcd: 'InfoBionic',
  abpm: 'Biobeat',
} as const satisfies typeof CONTRACT_STUDY_VENDOR_NAMES;

export const SLEEP_STUDY_NIGHTS = { min: 1, max: 3 } as const satisfies typeof CONTRACT_SLEEP_STUDY_NIGHTS;
export const WCD_STUDY_DAYS = { min: 1, max: 30 } as const satisfies typeof CONTRACT_WCD_STUDY_DAYS;
export const ABPM_STUDY_HOURS = [24, 48] as const satisfies typeof CONTRACT_ABPM_STUDY_HOURS;

/** The statuses in lifecycle order, as the status filter offers them. */
export const STUDY_STATUS_ORDER = [
  'new',
  'in-progress',
  'ready-for-review',
  'reviewed',
  'cancelled',
] as const satisfies readonly StudyStatus[];
