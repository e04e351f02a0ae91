import type { PermissionName } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { createPermissionChecks } from '../../lib/session/permissions';
import { CLINIC } from '../../test-support/render-as';
import { studyResource } from '../../test-support/studies';
import {
  formatPushState,
  formatStatusChange,
  formatStudyDuration,
  listStudyActions,
  STUDY_POLL_MS,
  studyPollInterval,
} from './study-format';

const canAs = (role: string) =>
  createPermissionChecks({ roles: [{ role, clinicNPI: CLINIC.npi }] }, CLINIC.npi).can;
const nurse = canAs('nurse');
const readOnly = canAs('clinic-read-only');
const actionsOf = (
  study: ReturnType<typeof studyResource>,
  can: (permission: PermissionName) => boolean = nurse,
  isCurrentSleepStudy = true,
) => listStudyActions(study, { can, isCurrentSleepStudy });

describe('what may be done with a study', () => {
  it('pushes a new study not sent yet, or whose sending failed, to its vendor', () => {
    expect(actionsOf(studyResource('wcd')).push).toBe(true);
    const failed = studyResource('abpm', { push: { state: 'failed', error: 'Biobeat refused', at: null } });
    expect(actionsOf(failed).push).toBe(true);
    const queued = studyResource('sleep', { push: { state: 'queued', error: null, at: null } });
    expect(actionsOf(queued).push).toBe(false);
    const sent = studyResource('sleep', {
      status: 'in-progress',
      push: { state: 'sent', error: null, at: '2026-03-02T15:00:00.000Z' },
    });
    expect(actionsOf(sent).push).toBe(false);
  });

  it('checks Zoll for updates on a sent sleep study until it is final; never another suite', () => {
    const sent = { state: 'sent' as const, error: null, at: '2026-03-02T15:00:00.000Z' };
    expect(actionsOf(studyResource('sleep', { status: 'in-progress', push: sent })).checkForUpdates).toBe(
      true,
    );
    expect(actionsOf(studyResource('sleep', { status: 'new', push: sent })).checkForUpdates).toBe(true);
    expect(actionsOf(studyResource('sleep', { status: 'reviewed', push: sent })).checkForUpdates).toBe(false);
    expect(actionsOf(studyResource('sleep', { status: 'cancelled', push: sent })).checkForUpdates).toBe(
      false,
    );
    expect(actionsOf(studyResource('wcd', { status: 'in-progress', push: sent })).checkForUpdates).toBe(
      false,
    );
    expect(actionsOf(studyResource('sleep')).checkForUpdates).toBe(false);
  });

  it('cancels before review (the lifecycle allows it), a sleep study only while it is the current one', () => {
    for (const status of ['new', 'in-progress', 'ready-for-review'] as const) {
      expect(actionsOf(studyResource('wcd', { status })).cancel, status).toBe(true);
    }
    for (const status of ['reviewed', 'cancelled'] as const) {
      expect(actionsOf(studyResource('abpm', { status })).cancel, status).toBe(false);
    }
    expect(actionsOf(studyResource('sleep'), nurse, true).cancel).toBe(true);
    expect(actionsOf(studyResource('sleep'), nurse, false).cancel).toBe(false);
  });

  it('offers a read-only user nothing', () => {
    const failed = studyResource('wcd', { push: { state: 'failed', error: 'refused', at: null } });
    expect(actionsOf(failed, readOnly)).toEqual({ push: false, checkForUpdates: false, cancel: false });
  });
});

describe('polling', () => {
  it('asks again every few seconds while an order is queued or a study is in progress, else never', () => {
    expect(studyPollInterval([studyResource('wcd')])).toBe(false);
    expect(studyPollInterval(undefined)).toBe(false);
    const queued = studyResource('wcd', { push: { state: 'queued', error: null, at: null } });
    expect(studyPollInterval([studyResource('abpm'), queued])).toBe(STUDY_POLL_MS);
    expect(studyPollInterval([studyResource('sleep', { status: 'in-progress' })])).toBe(STUDY_POLL_MS);
    expect(STUDY_POLL_MS).toBeLessThanOrEqual(10_000);
  });
});

describe('how a study reads', () => {
  it('says its duration in its suite’s unit and its push state with the vendor', () => {
    expect(formatStudyDuration({ suite: 'sleep', duration: 1 })).toBe('1 night');
    expect(formatStudyDuration({ suite: 'sleep', duration: 3 })).toBe('3 nights');
    expect(formatStudyDuration({ suite: 'wcd', duration: 14 })).toBe('14 days');
    expect(formatStudyDuration({ suite: 'abpm', duration: 48 })).toBe('48 h');
    const push = (state: 'not-sent' | 'queued' | 'sent' | 'failed') => ({ state, error: null, at: null });
    expect(formatPushState({ suite: 'sleep', push: push('queued') })).toBe('Queued for Zoll');
    expect(formatPushState({ suite: 'wcd', push: push('sent') })).toBe('Sent to InfoBionic');
    expect(formatPushState({ suite: 'abpm', push: push('failed') })).toBe('Sending to Biobeat failed');
    expect(formatPushState({ suite: 'abpm', push: push('not-sent') })).toBe('Not sent');
  });

  it('names who moved it: the person, the vendor, or the signature of its results', () => {
    const at = '2026-03-04T15:12:00.000Z';
    expect(
      formatStatusChange(
        { from: 'new', to: 'in-progress', at, actorName: null, source: 'vendor' },
        { suite: 'sleep' },
      ),
    ).toMatchObject({ transition: 'New → In progress', who: 'Zoll' });
    expect(
      formatStatusChange(
        { from: 'ready-for-review', to: 'reviewed', at, actorName: 'Dr. Nina Okafor', source: 'signature' },
        { suite: 'abpm' },
      ),
    ).toMatchObject({ transition: 'Ready for review → Reviewed', who: 'Results signed by Dr. Nina Okafor' });
    expect(
      formatStatusChange(
        { from: null, to: 'new', at, actorName: 'Test nurse', source: 'user' },
        { suite: 'wcd' },
      ),
    ).toMatchObject({ transition: 'Ordered (New)', who: 'Test nurse' });
  });
});
