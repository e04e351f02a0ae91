import {
  DEFAULT_IN_APP_PREFERENCES,
  type InAppPreferences,
  type RealtimeAlertPreference,
} from '@portal/domain';
import type { Db, Tx } from '../../db/transaction';
import { findInAppPreferences } from './notifications.repository';

/** A user's in-app preferences; the defaults until they choose. */
export async function getInAppPreferences(db: Db | Tx, userId: string): Promise<InAppPreferences> {
  const stored = await findInAppPreferences(db, userId);
  if (!stored) return { ...DEFAULT_IN_APP_PREFERENCES };
  return {
    enableWeeklyDigest: stored.enableWeeklyDigest,
    enableDailyDigest: stored.enableDailyDigest,
    enableRealtimeAlerts: stored.enableRealtimeAlerts as RealtimeAlertPreference,
    enableDailyAdminReport: stored.enableDailyAdminReport,
  };
}
