import type { Kysely } from 'kysely';
import { type Migration, Migrator } from 'kysely/migration';
import * as clinics from './migrations/0001-clinics';
import * as seedBuiltInClinics from './migrations/0002-seed-built-in-clinics';
import * as identity from './migrations/0003-identity';
import * as auditEvents from './migrations/0004-audit-events';
import * as documents from './migrations/0005-documents';
import * as clinicSettings from './migrations/0006-clinic-settings';
import * as notifications from './migrations/0007-notifications';
import * as auditKeyedChain from './migrations/0008-audit-keyed-chain';
import * as userChannelIds from './migrations/0009-user-channel-ids';
import * as sharedRateLimits from './migrations/0010-shared-rate-limits';
import * as userLastSignIn from './migrations/0011-user-last-sign-in';
import * as plainSettingTexts from './migrations/0012-plain-setting-texts';
import * as patients from './migrations/0013-patients';
import * as manufacturerAdvisories from './migrations/0014-manufacturer-advisories';
import * as deviceSessions from './migrations/0016-device-sessions';
import * as patientsSearchIndexes from './migrations/0017-patients-search-indexes';
import * as deviceGtinPairings from './migrations/0018-device-gtin-pairings';
import * as studies from './migrations/0019-studies';
import * as reviewDeadlines from './migrations/0020-review-deadlines';
import * as metricsRollups from './migrations/0021-metrics-rollups';
import * as inboxCoveringIndexes from './migrations/0022-inbox-covering-indexes';
import * as clinicTimeZone from './migrations/0024-clinic-time-zone';
import * as deviceDataMessages from './migrations/0025-device-data-messages';
import * as printoutIdentityChecks from './migrations/0026-printout-identity-checks';
import * as emrCorrections from './migrations/0027-emr-corrections';
import * as atBurdenIdcoName from './migrations/0028-at-burden-idco-name';

// Migrations are listed here, not discovered on disk, so the bundle and the tests see the same list.
// Names sort in the order they run.
const migrations: Record<string, Migration> = {
  '0001-clinics': clinics,
  '0002-seed-built-in-clinics': seedBuiltInClinics,
  '0003-identity': identity,
  '0004-audit-events': auditEvents,
  '0005-documents': documents,
  '0006-clinic-settings': clinicSettings,
  '0007-notifications': notifications,
  '0008-audit-keyed-chain': auditKeyedChain,
  '0009-user-channel-ids': userChannelIds,
  '0010-shared-rate-limits': sharedRateLimits,
  '0011-user-last-sign-in': userLastSignIn,
  '0012-plain-setting-texts': plainSettingTexts,
  '0013-patients': patients,
  '0014-manufacturer-advisories': manufacturerAdvisories,
  // 0015 was never released: its indexes came after 0016 and were renamed 0017 so installations that
  // had run 0016 keep an ordered history.
  '0016-device-sessions': deviceSessions,
  '0017-patients-search-indexes': patientsSearchIndexes,
  '0018-device-gtin-pairings': deviceGtinPairings,
  '0019-studies': studies,
  '0020-review-deadlines': reviewDeadlines,
  '0021-metrics-rollups': metricsRollups,
  '0022-inbox-covering-indexes': inboxCoveringIndexes,
  '0024-clinic-time-zone': clinicTimeZone,
  '0025-device-data-messages': deviceDataMessages,
  '0026-printout-identity-checks': printoutIdentityChecks,
  '0027-emr-corrections': emrCorrections,
  '0028-at-burden-idco-name': atBurdenIdcoName,
};

export class MigrationError extends Error {
  override name = 'MigrationError';
}

/** Brings the schema up to date; returns the names of the migrations it ran. */
// biome-ignore lint/suspicious/noExplicitAny: migrations work below the typed schema
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) {
    const failed = results.find((result) => result.status === 'Error');
    throw new MigrationError(`Migration ${failed?.migrationName ?? '(unknown)'} failed: ${String(error)}`, {
      cause: error,
    });
  }
  return results.filter((result) => result.status === 'Success').map((result) => result.migrationName);
}
