import {
  buildLongitudinalSeries,
  type ComparisonMode,
  type LongitudinalResponse,
  resolveLongitudinalSettings,
  type SessionDeviceType,
  sessionDeviceTypeOf,
} from '@portal/domain';
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/transaction';
import { UnprocessableError } from '../../http/errors';
import { getPatientInScope } from '../patients/patient-scope';
import {
  findPatientSessionDeviceTypes,
  findPatientSessions,
  findSeriesMeasurements,
  toStoredMeasurements,
} from './device-sessions.repository';
import { findLongitudinalSettingsScopes } from './longitudinal-settings.repository';
import { toDeviceSessionResource } from './to-device-session-resource';

export type LongitudinalViewQuery = {
  deviceType?: SessionDeviceType | undefined;
  baselineSessionId?: string | undefined;
  comparisonMode?: ComparisonMode | undefined;
};

/**
 * GET clinics/{npi}/patients/{id}/longitudinal (issue 14 §3): the patient's sessions of one device type in
 * time order and a series per measurement the caller's settings show, each value compared and flagged.
 * The device type: the one asked for, else the patient's device's, else the latest session's, else PM.
 * Two indexed queries for the data (sessions, then the shown keys' values), whatever the history's length.
 */
export async function getLongitudinalView(
  db: Db,
  actor: Actor,
  target: { clinicNpi: string; id: string },
  query: LongitudinalViewQuery,
): Promise<LongitudinalResponse> {
  const patient = await getPatientInScope(db, actor, target);
  const deviceTypes = (await findPatientSessionDeviceTypes(db, patient.id)).flatMap(
    (type) => sessionDeviceTypeOf(type) ?? [],
  );
  const deviceType =
    query.deviceType ??
    sessionDeviceTypeOf(stringOf(patient.deviceInfo?.deviceType)) ??
    deviceTypes[0] ??
    'PM';
  const [scopes, sessions] = await Promise.all([
    findLongitudinalSettingsScopes(db, patient.clinicNpi, actor.id),
    findPatientSessions(db, patient.id, deviceType),
  ]);
  const ownSessions = sessions.filter((session) => session.clinicNpi === patient.clinicNpi);
  const baselineSessionId = query.baselineSessionId ?? null;
  if (baselineSessionId && !ownSessions.some((session) => session.id === baselineSessionId))
    throw new UnprocessableError('The baseline is not one of this patient’s sessions', [
      { field: 'baselineSessionId', message: `is not one of this patient’s ${deviceType} sessions` },
    ]);

  const settings = resolveLongitudinalSettings(scopes.clinic, scopes.user);
  const comparisonMode = query.comparisonMode ?? settings.comparisonMode;
  const keys = settings.measurements[deviceType];
  const rows = await findSeriesMeasurements(
    db,
    patient.id,
    ownSessions.map((session) => session.id),
    keys,
  );
  const measurements = toStoredMeasurements(rows);
  return {
    data: {
      patientRef: patient.id,
      deviceType,
      deviceTypes,
      comparisonMode,
      baselineSessionId: baselineSessionId ?? ownSessions[0]?.id ?? null,
      sessions: ownSessions.map(toDeviceSessionResource),
      series: buildLongitudinalSeries(keys, measurements, {
        comparisonMode,
        thresholds: settings.thresholds,
        baselineSessionId,
        sessionDates: new Map(ownSessions.map((session) => [session.id, session.sessionDate])),
      }),
    },
  };
}

function stringOf(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}
