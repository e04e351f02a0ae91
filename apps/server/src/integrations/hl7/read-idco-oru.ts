import {
  BATTERY_STATUSES,
  checkMeasurementValue,
  DOCUMENT_TYPES,
  EPISODE_COUNT_TERM,
  EPISODE_KINDS,
  type EpisodeKind,
  episodeCountKey,
  findMeasurement,
  type LeadConfigurationKey,
  type SessionDeviceType,
  type SessionKind,
} from '@portal/domain';
import type { AckCode, Hl7ErrorCondition } from './hl7-ack';
import type { Hl7Location, Hl7Message, Hl7Segment } from './hl7-message';

// Reads an IDCO remote-monitoring export: an HL7 v2 ORU^R01 whose OBX segments carry IEEE 11073-10103
// terms (OBX-3 code^TERM_NAME^MDC), as the IHE PCD "Implantable Device Cardiac Observation" profile lays
// them out. A term is matched by its name; where the numeric MDC code below has been checked against
// published IDCO material, a code that disagrees with the name is refused, and a code alone is enough.

/** Numeric MDC codes checked against published IDCO messages and term tables. Term names only otherwise. */
const VERIFIED_MDC_CODES: Record<string, string> = {
  '720897': 'MDC_IDC_DEV_TYPE',
  '720898': 'MDC_IDC_DEV_MODEL',
  '720899': 'MDC_IDC_DEV_SERIAL',
  '720900': 'MDC_IDC_DEV_MFG',
  '721025': 'MDC_IDC_SESS_DTM',
  '721026': 'MDC_IDC_SESS_TYPE',
  '721344': 'MDC_IDC_MSMT_BATTERY_VOLTAGE',
  '721728': 'MDC_IDC_MSMT_CAP_CHARGE_TIME',
  '722176': 'MDC_IDC_MSMT_LEADCHNL_RA_PACING_THRESHOLD_AMPLITUDE',
  '722177': 'MDC_IDC_MSMT_LEADCHNL_RV_PACING_THRESHOLD_AMPLITUDE',
  '722179': 'MDC_IDC_MSMT_LEADCHNL_LV_PACING_THRESHOLD_AMPLITUDE',
  '722432': 'MDC_IDC_MSMT_LEADCHNL_RA_IMPEDANCE_VALUE',
  '722433': 'MDC_IDC_MSMT_LEADCHNL_RV_IMPEDANCE_VALUE',
  '722435': 'MDC_IDC_MSMT_LEADCHNL_LV_IMPEDANCE_VALUE',
  '737824': 'MDC_IDC_STAT_TACHYTHERAPY_SHOCKS_DELIVERED_RECENT',
  '737888': 'MDC_IDC_STAT_TACHYTHERAPY_ATP_DELIVERED_RECENT',
  '738000': 'MDC_IDC_STAT_EPISODE_RECENT_COUNT',
};

/** IDCO 1.0 named the device group PG (pulse generator); later versions DEV. Both are read. */
function canonicalTerm(name: string): string {
  return name.startsWith('MDC_IDC_PG_') ? `MDC_IDC_DEV_${name.slice('MDC_IDC_PG_'.length)}` : name;
}

const EPISODE_TYPE_TERM = 'MDC_IDC_STAT_EPISODE_TYPE';
const DEVICE_TERMS = ['MDC_IDC_DEV_TYPE', 'MDC_IDC_DEV_MFG', 'MDC_IDC_DEV_MODEL', 'MDC_IDC_DEV_SERIAL'];
const SESSION_TERMS = ['MDC_IDC_SESS_DTM', 'MDC_IDC_SESS_TYPE'];

/** The unit forms vendors send, per the vocabulary's unit. Counts take none, '1' or a {annotation}. */
const UNIT_FORMS: Record<string, readonly string[]> = {
  V: ['v'],
  mV: ['mv'],
  ms: ['ms'],
  Ω: ['ohm', 'ohms', 'Ω', 'Ω'],
  '%': ['%'],
  s: ['s', 'sec'],
  months: ['mo', 'month', 'months'],
};

/** An IDCO device type (MDC_IDC_ENUM_DEVICE_TYPE_*, or its name) as the portal's session device type. */
const DEVICE_TYPE_FORMS: Record<string, SessionDeviceType> = {
  IPG: 'PM',
  PM: 'PM',
  PACEMAKER: 'PM',
  CRTP: 'PM',
  ICD: 'ICD',
  CRTD: 'ICD',
  SICD: 'ICD',
  IMPLANTABLECARDIOVERTERDEFIBRILLATOR: 'ICD',
  MONITOR: 'ILR',
  ILR: 'ILR',
  ICM: 'ILR',
  IMPLANTABLELOOPRECORDER: 'ILR',
  INSERTABLECARDIACMONITOR: 'ILR',
};

export type IdcoProblem = {
  ack: Exclude<AckCode, 'AA'>;
  condition: Hl7ErrorCondition;
  location: Hl7Location;
  message: string;
};

/** The message cannot be imported as it is: the ACK's code, the 0357 condition and where. */
export class IdcoMessageError extends Error {
  override name = 'IdcoMessageError';
  readonly problem: IdcoProblem;

  constructor(problem: IdcoProblem) {
    super(problem.message);
    this.problem = problem;
  }
}

export type IdcoTransmission = {
  controlId: string;
  /** MSH-4 (namespace id, else universal id): with the control id, what makes a message unique. */
  sendingFacility: string;
  /** MSH-6: the clinic's NPI. */
  receivingFacility: string;
  patient: {
    /** PID-3's identifiers (CX.1 of each repetition), in order. */
    identifiers: string[];
    firstName: string;
    lastName: string;
    dob: string | null;
    gender: 'female' | 'male' | 'other' | 'unknown' | null;
  };
  device: {
    type: SessionDeviceType;
    manufacturer: string | null;
    model: string | null;
    serialNumber: string | null;
  };
  session: { date: Date; kind: SessionKind; leadConfiguration: LeadConfigurationKey };
  measurements: { key: string; value: number | string }[];
  /** The embedded report (OBX type ED, application/pdf, Base64), if any. */
  report: { bytes: Uint8Array; documentType: string; location: Hl7Location } | null;
  /** OBX segments with IDCO terms (or other codes) the portal does not record. */
  ignoredCount: number;
};

function fail(
  ack: IdcoProblem['ack'],
  condition: Hl7ErrorCondition,
  location: Hl7Location,
  message: string,
): never {
  throw new IdcoMessageError({ ack, condition, location, message });
}

const at = (segment: Hl7Segment, field?: number, component?: number): Hl7Location => ({
  segment: segment.name,
  sequence: segment.sequence,
  ...(field === undefined ? {} : { field }),
  ...(component === undefined ? {} : { component }),
});

/** HL7 DTM (YYYY[MM[DD[HH[MM[SS[.S+]]]]]][+/-ZZZZ]) as a Date; no zone means UTC. */
export function parseHl7DateTime(text: string): Date | null {
  const match = /^(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\.\d{1,4})?([+-]\d{4})?$/.exec(text.trim());
  if (!match) return null;
  const [, year, month = '01', day = '01', hour = '00', minute = '00', second = '00', fraction = '', zone] =
    match;
  const iso = `${year}-${month}-${day}T${hour}:${minute}:${second}${fraction}${zone ? `${zone.slice(0, 3)}:${zone.slice(3)}` : 'Z'}`;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  // new Date() rolls 2026-02-30 over into March: a date that does not exist is refused.
  if (!zone && date.toISOString().slice(0, 10) !== `${year}-${month}-${day}`) return null;
  return date;
}

function hl7Date(text: string): string | null {
  const date = parseHl7DateTime(text.slice(0, 8));
  return date ? date.toISOString().slice(0, 10) : null;
}

/** A CWE's meaning: its code, or its text, without an IDCO enumeration prefix. */
function enumValue(segment: Hl7Segment, prefix: string): string[] {
  return segment
    .components(5)
    .slice(0, 2)
    .filter(Boolean)
    .map((value) => (value.startsWith(prefix) ? value.slice(prefix.length) : value));
}

const GENDERS: Record<string, IdcoTransmission['patient']['gender']> = {
  F: 'female',
  M: 'male',
  O: 'other',
  A: 'other',
  U: 'unknown',
};

/**
 * Reads an ORU^R01 into the portal's terms. Refusals are IdcoMessageError: AR for a message the import
 * does not take (another type, no control id), AE for one whose content is wrong (a bad value names its
 * OBX and field 5).
 */
export function readIdcoOru(message: Hl7Message): IdcoTransmission {
  const msh = message.first('MSH') as Hl7Segment;
  if (msh.get(9, 1) !== 'ORU' || msh.get(9, 2) !== 'R01') {
    fail(
      'AR',
      'unsupportedMessageType',
      at(msh, 9),
      `Only ORU^R01 messages are imported, not ${msh.get(9, 1) || '(none)'}^${msh.get(9, 2)}`,
    );
  }
  const controlId = msh.get(10).trim();
  if (!controlId) fail('AR', 'requiredFieldMissing', at(msh, 10), 'MSH-10 (message control id) is required');
  if (controlId.length > 200)
    fail('AR', 'dataTypeError', at(msh, 10), 'MSH-10 is longer than 200 characters');
  const sendingFacility = (msh.get(4, 1) || msh.get(4, 2)).trim();
  const receivingFacility = (msh.get(6, 1) || msh.get(6, 2)).trim();

  const pid = message.first('PID');
  if (!pid) fail('AE', 'segmentSequenceError', { segment: 'PID', sequence: 1 }, 'The PID segment is missing');
  const identifiers = pid
    .repetitions(3)
    .map((repetition) => (repetition[0]?.[0] ?? '').trim())
    .filter((identifier) => identifier !== '' && identifier.length <= 100);
  const dobText = pid.get(7).trim();
  const dob = dobText ? hl7Date(dobText) : null;
  if (dobText && !dob) fail('AE', 'dataTypeError', at(pid, 7), 'PID-7 (date of birth) is not an HL7 date');
  const genderCode = pid.get(8).trim().toUpperCase();

  const facts = new Map<string, { segment: Hl7Segment; value: string[] }>();
  const byGroup = new Map<string, Hl7Segment[]>();
  const counts: Hl7Segment[] = [];
  const values: { segment: Hl7Segment; key: string }[] = [];
  let report: IdcoTransmission['report'] = null;
  let ignoredCount = 0;

  for (const obx of message.all('OBX')) {
    const valueType = obx.get(2).trim();
    if (valueType === 'ED') {
      if (!report) report = readReport(obx, message);
      else ignoredCount += 1;
      continue;
    }
    const code = obx.get(3, 1).trim();
    const named = canonicalTerm(obx.get(3, 2).trim());
    const verified = VERIFIED_MDC_CODES[code];
    if (verified && named && verified !== named)
      fail('AE', 'tableValueNotFound', at(obx, 3), `OBX-3 code ${code} is ${verified}, not ${named}`);
    const term = named || verified || '';
    const group = obx.get(4).trim();
    if (term === EPISODE_TYPE_TERM) {
      byGroup.set(group, [...(byGroup.get(group) ?? []), obx]);
    } else if (term === EPISODE_COUNT_TERM) {
      counts.push(obx);
    } else if (DEVICE_TERMS.includes(term) || SESSION_TERMS.includes(term)) {
      if (!facts.has(term)) facts.set(term, { segment: obx, value: obx.components(5) });
    } else if (findMeasurement(term)) {
      values.push({ segment: obx, key: term });
    } else {
      ignoredCount += 1;
    }
  }

  const measurements = new Map<string, number | string>();
  for (const { segment, key } of values) {
    if (measurements.has(key)) {
      ignoredCount += 1;
      continue;
    }
    measurements.set(key, readValue(segment, key));
  }
  for (const obx of counts) {
    const group = obx.get(4).trim();
    const typeSegment = (byGroup.get(group) ?? [])[0];
    if (!group || !typeSegment)
      fail(
        'AE',
        'requiredFieldMissing',
        at(obx, 4),
        `OBX ${obx.get(1) || obx.sequence}: an episode count needs ${EPISODE_TYPE_TERM} in the same OBX-4 sub-ID`,
      );
    const kind = episodeKindOf(typeSegment);
    if (!kind) {
      ignoredCount += 1;
      continue;
    }
    const key = episodeCountKey(kind);
    const count = readValue(obx, key) as number;
    measurements.set(key, ((measurements.get(key) as number | undefined) ?? 0) + count);
  }

  const typeFact = facts.get('MDC_IDC_DEV_TYPE');
  if (!typeFact)
    fail('AE', 'requiredFieldMissing', { segment: 'OBX', sequence: 1 }, 'MDC_IDC_DEV_TYPE is required');
  const typeKey = enumValue(typeFact.segment, 'MDC_IDC_ENUM_DEVICE_TYPE_')
    .map((value) => DEVICE_TYPE_FORMS[value.toUpperCase().replace(/[^A-Z]/g, '')])
    .find(Boolean);
  if (!typeKey)
    fail(
      'AE',
      'tableValueNotFound',
      at(typeFact.segment, 5),
      `OBX ${typeFact.segment.get(1) || typeFact.segment.sequence}: OBX-5 is not an IDCO device type`,
    );
  const rawType = enumValue(typeFact.segment, 'MDC_IDC_ENUM_DEVICE_TYPE_').join(' ').toUpperCase();

  const sessionFact = facts.get('MDC_IDC_SESS_DTM');
  const obr = message.first('OBR');
  const sessionText = sessionFact?.value[0] || obr?.get(7) || '';
  const sessionDate = parseHl7DateTime(sessionText);
  if (!sessionDate) {
    const location = sessionFact ? at(sessionFact.segment, 5) : obr ? at(obr, 7) : at(msh, 7);
    fail(
      'AE',
      sessionText ? 'dataTypeError' : 'requiredFieldMissing',
      location,
      sessionText ? 'MDC_IDC_SESS_DTM is not an HL7 date and time' : 'MDC_IDC_SESS_DTM is required',
    );
  }
  const kindFact = facts.get('MDC_IDC_SESS_TYPE');
  let kind: SessionKind = 'remote';
  if (kindFact) {
    const forms = enumValue(kindFact.segment, 'MDC_IDC_ENUM_SESS_TYPE_').map((value) =>
      value.toLowerCase().replace(/[^a-z]/g, ''),
    );
    if (forms.some((form) => form.startsWith('inclinic'))) kind = 'in-person';
    else if (!forms.some((form) => form.startsWith('remote')))
      fail(
        'AE',
        'tableValueNotFound',
        at(kindFact.segment, 5),
        `OBX ${kindFact.segment.get(1) || kindFact.segment.sequence}: OBX-5 must be an IDCO session type (Remote, In Clinic)`,
      );
  }
  const text = (term: string, max: number) => {
    const fact = facts.get(term);
    const value = (fact?.value[1] || fact?.value[0] || '').trim();
    if (value.length > max)
      fail(
        'AE',
        'dataTypeError',
        at(fact?.segment as Hl7Segment, 5),
        `${term} is longer than ${max} characters`,
      );
    return value === '' ? null : value;
  };
  const manufacturerFact = facts.get('MDC_IDC_DEV_MFG');
  const manufacturerCode = manufacturerFact
    ? enumValue(manufacturerFact.segment, 'MDC_IDC_ENUM_MFG_')
    : undefined;
  const serial = facts.get('MDC_IDC_DEV_SERIAL');

  return {
    controlId,
    sendingFacility,
    receivingFacility,
    patient: {
      identifiers,
      firstName: pid.get(5, 2).trim(),
      lastName: pid.get(5, 1).trim(),
      dob,
      gender: GENDERS[genderCode] ?? null,
    },
    device: {
      type: typeKey,
      manufacturer: manufacturerCode?.[1] || manufacturerCode?.[0] || null,
      model: text('MDC_IDC_DEV_MODEL', 200),
      serialNumber: serial ? (serial.value[0] ?? '').trim().slice(0, 100) || null : null,
    },
    session: {
      date: sessionDate,
      kind,
      leadConfiguration: leadConfigurationOf(typeKey, rawType, [...measurements.keys()]),
    },
    measurements: [...measurements].map(([key, value]) => ({ key, value })),
    report,
    ignoredCount,
  };
}

function episodeKindOf(segment: Hl7Segment): EpisodeKind | undefined {
  const forms = enumValue(segment, 'MDC_IDC_ENUM_EPISODE_TYPE_');
  return (Object.keys(EPISODE_KINDS) as EpisodeKind[]).find((kind) => forms.includes(EPISODE_KINDS[kind]));
}

/** A known term's OBX-5 as the vocabulary wants it; a bad one names the OBX and field 5 (or 6, its unit). */
function readValue(obx: Hl7Segment, key: string): number | string {
  const definition = findMeasurement(key);
  const label = `OBX ${obx.get(1) || obx.sequence}`;
  const raw = obx.get(5).trim();
  if (!definition) return raw;
  if (!obx.components(5).some((component) => component.trim() !== ''))
    fail('AE', 'requiredFieldMissing', at(obx, 5), `${label}: OBX-5 (${key}) is empty`);
  if (definition.kind === 'status') {
    const value = enumValue(obx, 'MDC_IDC_ENUM_BATTERY_STATUS_')
      .map((form) => form.toUpperCase())
      .find((form) => (BATTERY_STATUSES as readonly string[]).includes(form));
    if (!value)
      fail(
        'AE',
        'tableValueNotFound',
        at(obx, 5),
        `${label}: OBX-5 (${key}) must be one of ${definition.values.join(', ')}`,
      );
    return value;
  }
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(raw))
    fail('AE', 'dataTypeError', at(obx, 5), `${label}: OBX-5 (${key}) must be a number`);
  const unit = obx.get(6, 1).trim();
  if (unit !== '' && !unitMatches(definition.unit, unit))
    fail(
      'AE',
      'tableValueNotFound',
      at(obx, 6),
      `${label}: OBX-6 unit ${unit.slice(0, 20)} is not ${definition.unit} (${key})`,
    );
  const value = Number(raw);
  const problem = checkMeasurementValue(key, value);
  if (problem) fail('AE', 'dataTypeError', at(obx, 5), `${label}: OBX-5 (${key}) ${problem}`);
  return value;
}

function unitMatches(unit: string, sent: string): boolean {
  const forms = UNIT_FORMS[unit];
  if (!forms) return sent === '1' || /^\{[^}]*\}$/.test(sent);
  const normalized = sent.replace(/^\[|\]$/g, '');
  return forms.includes(normalized.toLowerCase()) || forms.includes(normalized);
}

/** The lead configuration the session's values show: CRT or an LV channel is biValve, RA+RV dual. */
function leadConfigurationOf(
  type: SessionDeviceType,
  rawType: string,
  keys: readonly string[],
): LeadConfigurationKey {
  if (type === 'ILR') return 'ilr';
  const has = (chamber: string) => keys.some((key) => key.startsWith(`MDC_IDC_MSMT_LEADCHNL_${chamber}_`));
  if (rawType.includes('CRT') || has('LV')) return 'biValve';
  return has('RA') ? 'dualLead' : 'singleLead';
}

/** OBX-5 of type ED: source ^ type ^ subtype ^ encoding ^ data; only application/pdf in Base64 is read. */
function readReport(obx: Hl7Segment, message: Hl7Message): NonNullable<IdcoTransmission['report']> {
  const [, type = '', subtype = '', encoding = '', data = ''] = obx.components(5);
  const label = `OBX ${obx.get(1) || obx.sequence}`;
  if (type.toLowerCase() !== 'application' || subtype.toLowerCase() !== 'pdf')
    fail('AE', 'dataTypeError', at(obx, 5), `${label}: OBX-5 must be ^application^pdf^Base64^<data>`);
  if (encoding.toLowerCase() !== 'base64')
    fail('AE', 'dataTypeError', at(obx, 5), `${label}: OBX-5 must be Base64-encoded`);
  const compact = data.replace(/\s+/g, '');
  if (compact === '' || compact.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(compact))
    fail('AE', 'dataTypeError', at(obx, 5), `${label}: OBX-5 is not valid Base64`);
  const universal = message.first('OBR')?.get(4, 1).trim() ?? '';
  return {
    bytes: new Uint8Array(Buffer.from(compact, 'base64')),
    documentType: (DOCUMENT_TYPES as readonly string[]).includes(universal)
      ? universal
      : 'implicity-crm-report',
    location: at(obx, 5),
  };
}
