import {
  ADVISORY_PATIENTS_CSV_COLUMNS,
  isDeviceAffectedByAdvisory,
  listAdvisoryModelKeys,
  patientOverrideSchema,
  resolveEffectivePatientFields,
} from '@portal/domain';
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/transaction';
import { formatCsv } from '../../http/csv';
import { NotFoundError } from '../../http/errors';
import {
  type AdvisoryPatientRow,
  findClinicPatientsByModelKeys,
  findManufacturerAdvisoryById,
  readAdvisoryDevice,
} from './advisories.repository';
import { assertMayReadClinicAdvisories, loadClinicSeenByActor } from './advisory-access';

type CsvColumn = (typeof ADVISORY_PATIENTS_CSV_COLUMNS)[number];

function toCsvRecord(patient: AdvisoryPatientRow): Record<CsvColumn, string | null> {
  const override = patientOverrideSchema.safeParse(patient.override ?? {});
  const effective = resolveEffectivePatientFields({
    ...patient,
    override: override.success ? override.data : null,
  });
  const device = readAdvisoryDevice(patient.deviceInfo);
  return {
    patientId: patient.patientId,
    lastName: effective.lastName.value,
    firstName: effective.firstName.value,
    dob: patient.dob,
    manufacturer: device.manufacturer,
    model: device.model,
    modelNumber: device.modelNumber,
    serialNumber: device.serialNumber,
    implantDate: device.implantDate,
    physicianNpi: effective.physicianNpi.value,
  };
}

const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/**
 * The export of one advisory's patients at one clinic (issue 13 §8): a patient of the clinic whose device the
 * advisory touches, one line each, sorted by name. The database narrows the patients by model; the domain's
 * matcher decides. The clinic must be one the actor sees (404) with its advisories flag on and the actor
 * allowed to read them there (403).
 */
export async function exportAdvisoryPatientsCsv(
  db: Db,
  actor: Actor,
  key: { clinicNpi: string; advisoryId: string },
): Promise<{ filename: string; csv: string }> {
  const configuration = await loadClinicSeenByActor(db, actor, key.clinicNpi);
  const advisory = await findManufacturerAdvisoryById(db, key.advisoryId);
  if (!advisory) throw new NotFoundError('Advisory');
  assertMayReadClinicAdvisories(actor, key.clinicNpi, configuration);

  const candidates = await findClinicPatientsByModelKeys(db, {
    clinicNpi: key.clinicNpi,
    modelKeys: listAdvisoryModelKeys(advisory),
  });
  const records = candidates
    .filter((patient) => isDeviceAffectedByAdvisory(readAdvisoryDevice(patient.deviceInfo), advisory))
    .map(toCsvRecord)
    .sort(
      (a, b) =>
        byName.compare(a.lastName ?? '', b.lastName ?? '') ||
        byName.compare(a.firstName ?? '', b.firstName ?? '') ||
        byName.compare(a.patientId ?? '', b.patientId ?? ''),
    );
  const csv = formatCsv([
    ADVISORY_PATIENTS_CSV_COLUMNS,
    ...records.map((record) => ADVISORY_PATIENTS_CSV_COLUMNS.map((column) => record[column])),
  ]);
  return { filename: `advisory-${advisory.publishedOn}-${key.clinicNpi}-patients.csv`, csv };
}
