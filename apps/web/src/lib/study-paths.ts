// The study screens (issue 16 §7), as the drawer and the router name them. Apart from lib/studies.ts, so
// the signed-in screens, which carry the drawer, do not carry the studies' labels too.
import type { StudySuite } from '@portal/domain';

/** The suites in the order the drawer lists their screens. */
export const STUDY_SUITE_ORDER = ['sleep', 'wcd', 'abpm'] as const satisfies readonly StudySuite[];

/** A clinic's studies of one suite: /studies/sleep, /studies/wcd, /studies/abpm. */
export const STUDIES_PATHS = {
  sleep: '/studies/sleep',
  wcd: '/studies/wcd',
  abpm: '/studies/abpm',
} as const satisfies Record<StudySuite, string>;

/** The study screens' titles, in the drawer and above each screen. */
export const STUDIES_PAGE_TITLES = {
  sleep: 'Sleep studies',
  wcd: 'Wearable cardiac studies',
  abpm: 'ABPM studies',
} as const satisfies Record<StudySuite, string>;
