import type { StudyStatus } from './study-statuses';
import type { StudyType } from './study-types';

// A study's lifecycle (issue 16 §1; SPEC §3 statuses): new → in-progress → ready-for-review → reviewed, or
// cancelled from any state before reviewed. Reviewed and cancelled are final.

/** The states a study may move to from each state. */
export const STUDY_TRANSITIONS: Readonly<Record<StudyStatus, readonly StudyStatus[]>> = {
  new: ['in-progress', 'cancelled'],
  'in-progress': ['ready-for-review', 'cancelled'],
  'ready-for-review': ['reviewed', 'cancelled'],
  reviewed: [],
  cancelled: [],
};

export function canMoveStudy(from: StudyStatus, to: StudyStatus): boolean {
  return STUDY_TRANSITIONS[from].includes(to);
}

/**
 * Whether a study may move from one state to another, and if not, the sentence a 409 answers with: it
 * names both states and, when there are any, the states the study may move to.
 */
export function checkStudyTransition(
  from: StudyStatus,
  to: StudyStatus,
): { ok: true } | { ok: false; message: string } {
  if (canMoveStudy(from, to)) return { ok: true };
  const allowed = STUDY_TRANSITIONS[from];
  const next =
    allowed.length === 0
      ? `'${from}' is final`
      : `from '${from}' it may only move to ${allowed.map((state) => `'${state}'`).join(' or ')}`;
  return { ok: false, message: `A study cannot move from '${from}' to '${to}': ${next}.` };
}

/** The suites whose work is a study (SPEC §1): sleep, wearable cardiac devices and ABPM. */
export const STUDY_SUITES = ['sleep', 'wcd', 'abpm'] as const;
export type StudySuite = (typeof STUDY_SUITES)[number];

/** The document type a WCD study's results arrive as (SPEC §3 report types), by study type. */
export const WCD_STUDY_DOCUMENT_TYPES: Readonly<Record<StudyType, string>> = {
  Holter: 'holter-study',
  'Ext Holter': 'extended-holter-study',
  Event: 'we-study',
  MCT: 'mcot-study',
};

/** The document type of a study's results: sleep-study, abpm-study, or the WCD study type's. */
export function studyDocumentType(suite: StudySuite, wcdType?: StudyType): string {
  if (suite === 'sleep') return 'sleep-study';
  if (suite === 'abpm') return 'abpm-study';
  if (!wcdType) throw new Error('A WCD study needs its study type to name its document');
  return WCD_STUDY_DOCUMENT_TYPES[wcdType];
}

/** Reviewed and cancelled studies move no further. */
export function isStudyFinal(status: string): boolean {
  return status === 'reviewed' || status === 'cancelled';
}
