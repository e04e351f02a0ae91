import { MANUFACTURER_CODES, type ManufacturerAdvisory, type ManufacturerCode } from '@portal/domain';
import { sql } from 'kysely';
import type { Db, Tx } from '../../db/transaction';

type Executor = Db | Tx;

const isManufacturerCode = (value: string): value is ManufacturerCode =>
  (MANUFACTURER_CODES as readonly string[]).includes(value);

function selectAdvisories(db: Executor) {
  return db
    .selectFrom('manufacturerAdvisories')
    .select([
      'id',
      'manufacturer',
      'models',
      'serialRanges',
      'serialNumbers',
      'title',
      sql<string>`to_char(published_on, 'YYYY-MM-DD')`.as('publishedOn'),
      'recommendation',
      'url',
    ]);
}

type AdvisoryRow = Awaited<ReturnType<ReturnType<typeof selectAdvisories>['execute']>>[number];

/** A stored advisory as the contract shapes it; a row naming a manufacturer the portal does not know is skipped. */
function toManufacturerAdvisory(row: AdvisoryRow): ManufacturerAdvisory | undefined {
  if (!isManufacturerCode(row.manufacturer)) return undefined;
  return { ...row, manufacturer: row.manufacturer };
}

/** Every advisory, the newest first. */
export async function findManufacturerAdvisories(db: Executor): Promise<ManufacturerAdvisory[]> {
  const rows = await selectAdvisories(db)
    .orderBy(sql`published_on desc`)
    .orderBy('title')
    .orderBy('id')
    .execute();
  return rows.flatMap((row) => toManufacturerAdvisory(row) ?? []);
}

export async function findManufacturerAdvisoryById(
  db: Executor,
  id: string,
): Promise<ManufacturerAdvisory | undefined> {
  const row = await selectAdvisories(db).where('id', '=', id).executeTakeFirst();
  return row ? toManufacturerAdvisory(row) : undefined;
}

/** What the advisory matching and the export read of a patient. */
function selectPatientsForAdvisories(db: Executor) {
  return db
    .selectFrom('patients')
    .select([
      'id',
      'patientId',
      'firstName',
      'middleName',
      'lastName',
      sql<string | null>`to_char(dob, 'YYYY-MM-DD')`.as('dob'),
      'gender',
      'physicianNpi',
      'override',
      'deviceInfo',
    ]);
}

export type AdvisoryPatientRow = Awaited<
  ReturnType<ReturnType<typeof selectPatientsForAdvisories>['execute']>
>[number];

/** One patient of one clinic, by the record's id; another clinic's patient is not found. */
export async function findClinicPatient(
  db: Executor,
  key: { clinicNpi: string; id: string },
): Promise<AdvisoryPatientRow | undefined> {
  return selectPatientsForAdvisories(db)
    .where('clinicNpi', '=', key.clinicNpi)
    .where('id', '=', key.id)
    .executeTakeFirst();
}

// The normalised model text as the domain's normalizeModelText gives it for ASCII text. A text with
// another character is always a candidate (the domain folds accents, which this cannot), so the
// pre-filter never drops a patient the matcher would keep.
const normalisedModelNumber = sql`lower(regexp_replace(coalesce(device_info->>'modelNumber', ''), '[^a-zA-Z0-9]', '', 'g'))`;
const normalisedModelName = sql`lower(regexp_replace(coalesce(device_info->>'model', ''), '[^a-zA-Z0-9]', '', 'g'))`;

/**
 * The clinic's patients whose device's model number or model name may be one of the advisory's (its
 * normalised model keys, listAdvisoryModelKeys): a pre-filter, the domain's matcher decides.
 */
export async function findClinicPatientsByModelKeys(
  db: Executor,
  query: { clinicNpi: string; modelKeys: readonly string[] },
): Promise<AdvisoryPatientRow[]> {
  if (query.modelKeys.length === 0) return [];
  const keys = [...query.modelKeys];
  return selectPatientsForAdvisories(db)
    .where('clinicNpi', '=', query.clinicNpi)
    .where('deviceInfo', 'is not', null)
    .where(
      sql<boolean>`(${normalisedModelNumber} = any(${keys}::text[])
        OR ${normalisedModelName} = any(${keys}::text[])
        OR (coalesce(device_info->>'modelNumber', '') || coalesce(device_info->>'model', '')) ~ '[^\\x01-\\x7f]')`,
    )
    .orderBy('id')
    .execute();
}

/** A JSON value as text: strings as they are, numbers written out, anything else absent. */
function textOf(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/** The device fields advisories are matched on and exported with, from a patient's stored deviceInfo. */
export function readAdvisoryDevice(deviceInfo: Record<string, unknown> | null) {
  return {
    manufacturer: textOf(deviceInfo?.manufacturer),
    model: textOf(deviceInfo?.model),
    modelNumber: textOf(deviceInfo?.modelNumber),
    serialNumber: textOf(deviceInfo?.serialNumber),
    implantDate: textOf(deviceInfo?.implantDate),
  };
}
