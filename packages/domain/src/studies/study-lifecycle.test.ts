import { describe, expect, it } from 'vitest';
import { canMoveStudy, checkStudyTransition, STUDY_TRANSITIONS, studyDocumentType } from './study-lifecycle';
import { STUDY_STATUSES, type StudyStatus } from './study-statuses';

describe('the study lifecycle', () => {
  // Every pair of states, with whether the move is allowed.
  const ALLOWED = new Set([
    'new→in-progress',
    'new→cancelled',
    'in-progress→ready-for-review',
    'in-progress→cancelled',
    'ready-for-review→reviewed',
    'ready-for-review→cancelled',
  ]);
  const pairs = STUDY_STATUSES.flatMap((from) => STUDY_STATUSES.map((to) => [from, to] as const));

  it.each(pairs)('%s → %s', (from: StudyStatus, to: StudyStatus) => {
    expect(canMoveStudy(from, to)).toBe(ALLOWED.has(`${from}→${to}`));
    expect(checkStudyTransition(from, to).ok).toBe(ALLOWED.has(`${from}→${to}`));
  });

  it('cancels from any state before reviewed; reviewed and cancelled are final', () => {
    for (const state of ['new', 'in-progress', 'ready-for-review'] as const)
      expect(canMoveStudy(state, 'cancelled')).toBe(true);
    expect(STUDY_TRANSITIONS.reviewed).toEqual([]);
    expect(STUDY_TRANSITIONS.cancelled).toEqual([]);
  });

  it('a refused move names both states and where the study may go', () => {
    expect(checkStudyTransition('new', 'reviewed')).toEqual({
      ok: false,
      message:
        "A study cannot move from 'new' to 'reviewed': from 'new' it may only move to 'in-progress' or 'cancelled'.",
    });
    expect(checkStudyTransition('reviewed', 'cancelled')).toEqual({
      ok: false,
      message: "A study cannot move from 'reviewed' to 'cancelled': 'reviewed' is final.",
    });
  });

  it('names the document type of each study', () => {
    expect(studyDocumentType('sleep')).toBe('sleep-study');
    expect(studyDocumentType('abpm')).toBe('abpm-study');
    expect(studyDocumentType('wcd', 'Holter')).toBe('holter-study');
    expect(studyDocumentType('wcd', 'Ext Holter')).toBe('extended-holter-study');
    expect(studyDocumentType('wcd', 'Event')).toBe('we-study');
    expect(studyDocumentType('wcd', 'MCT')).toBe('mcot-study');
    expect(() => studyDocumentType('wcd')).toThrow(/study type/);
  });
});
