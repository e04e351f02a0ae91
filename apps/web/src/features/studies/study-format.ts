// How a study reads on the study screens and the patient's Studies tab, and what may be done with it.
import {
  canMoveStudy,
  formatUsDateTimeToMinute,
  type PermissionName,
  type StudyResource,
  type StudyStatus,
  type StudyStatusChange,
} from '@portal/domain';
import { STUDY_STATUS_LABELS, STUDY_VENDOR_NAMES } from '../../lib/studies';

/** How often a list with a study still moving (an order queued, a study in progress) is fetched again. */
export const STUDY_POLL_MS = 5_000;

type Attributes = StudyResource['attributes'];

/** An order waiting in the outbox, or a study the vendor is working on: its row will change soon. */
export function isStudyChanging(study: StudyResource): boolean {
  return study.attributes.push.state === 'queued' || study.attributes.status === 'in-progress';
}

/** The refetch interval of a list of studies: every few seconds while one of them is changing. */
export function studyPollInterval(studies: readonly StudyResource[] | undefined): number | false {
  return studies?.some(isStudyChanging) ? STUDY_POLL_MS : false;
}

export function studyStatusLabel(status: StudyStatus): string {
  return STUDY_STATUS_LABELS[status] ?? status;
}

export const STUDY_STATUS_COLORS: Record<StudyStatus, 'default' | 'info' | 'warning' | 'success'> = {
  new: 'default',
  'in-progress': 'info',
  'ready-for-review': 'warning',
  reviewed: 'success',
  cancelled: 'default',
};

/** '2 nights', '14 days', '24 h': how long the study runs, in its suite's unit. */
export function formatStudyDuration(study: Pick<Attributes, 'suite' | 'duration'>): string {
  const { suite, duration } = study;
  if (suite === 'sleep') return `${duration} ${duration === 1 ? 'night' : 'nights'}`;
  if (suite === 'wcd') return `${duration} ${duration === 1 ? 'day' : 'days'}`;
  return `${duration} h`;
}

/** Where the order to the vendor stands, in words: 'Not sent', 'Queued for Zoll', 'Sent to Zoll', 'Push failed'. */
export function formatPushState(study: Pick<Attributes, 'suite' | 'push'>): string {
  const vendor = STUDY_VENDOR_NAMES[study.suite];
  switch (study.push.state) {
    case 'not-sent':
      return 'Not sent';
    case 'queued':
      return `Queued for ${vendor}`;
    case 'sent':
      return `Sent to ${vendor}`;
    case 'failed':
      return `Sending to ${vendor} failed`;
  }
}

/** Who moved a study: the person, the vendor's update, or the signature of its results. */
export function formatStatusChangeSource(
  change: StudyStatusChange,
  study: Pick<Attributes, 'suite'>,
): string {
  if (change.source === 'vendor') return STUDY_VENDOR_NAMES[study.suite];
  if (change.source === 'signature') {
    return change.actorName ? `Results signed by ${change.actorName}` : 'Results signed';
  }
  return change.actorName ?? 'The portal';
}

/** 'New → In progress' (or 'Ordered' for the first state), with when and who. */
export function formatStatusChange(
  change: StudyStatusChange,
  study: Pick<Attributes, 'suite'>,
): { transition: string; when: string; who: string } {
  return {
    transition: change.from
      ? `${studyStatusLabel(change.from)} → ${studyStatusLabel(change.to)}`
      : `Ordered (${studyStatusLabel(change.to)})`,
    when: formatUsDateTimeToMinute(change.at),
    who: formatStatusChangeSource(change, study),
  };
}

export type StudyActions = {
  /** Send the order to the vendor: a new study not sent yet, or whose sending failed. */
  push: boolean;
  /** Ask Zoll for news: a sleep study sent and not yet final. */
  checkForUpdates: boolean;
  /** Cancel before review; a sleep study only while it is the profile's current study. */
  cancel: boolean;
};

/** What a user may do with a study now, by their permissions and the study's state. */
export function listStudyActions(
  study: StudyResource,
  {
    can,
    isCurrentSleepStudy,
  }: { can: (permission: PermissionName) => boolean; isCurrentSleepStudy: boolean },
): StudyActions {
  const { status, push, suite } = study.attributes;
  const isFinal = !canMoveStudy(status, 'cancelled');
  return {
    push: can('study:push') && status === 'new' && (push.state === 'not-sent' || push.state === 'failed'),
    checkForUpdates: can('study:push') && suite === 'sleep' && push.state === 'sent' && !isFinal,
    cancel:
      can('study:cancel') && canMoveStudy(status, 'cancelled') && (suite !== 'sleep' || isCurrentSleepStudy),
  };
}
