import {
  checkImportedMeasurementValue,
  checkMeasurementLimits,
  DEFAULT_CLINIC_TIME_ZONE,
  DOCUMENT_TYPES,
  EPISODE_COUNT_TERM,
  EPISODE_KINDS,
  EPISODE_TOTAL_TERM,
  type EpisodeKind,
  episodeCountKey,
  episodeTotalKey,
  findMeasurementByTerm,
  LEAD_IDENTITY_TERMS,
  LEAD_LOCATION_CODE,
  LEAD_LOCATION_TERM,
  type LeadChamber,
  type LeadConfigurationKey,
  type LeadIdentityTerm,
  leadIdentityKey,
  localDateTimeToInstant,
  MEASUREMENTS,
  type MeasurementDefinition,
  type SessionDeviceType,
  type SessionKind,
} from '@portal/domain';
import type { AckCode, Hl7Error, Hl7ErrorCondition } from './hl7-ack';
import type { Hl7Location, Hl7Message, Hl7Segment } from './hl7-message';

// Reads an IDCO remote-monitoring export: an HL7 v2 ORU^R01 whose OBX segments carry IEEE 11073-10103
// terms (OBX-3 code^TERM_NAME^MDC), as the IHE PCD "Implantable Device Cardiac Observation" profile lays
// them out, in the forms real senders write (issue 28). Only what makes the message impossible to store
// is refused (not an ORU^R01, no control id, no PID, no session time at all); everything else that cannot
// be read is a warning naming its OBX, and the rest of the transmission is kept.

/** Numeric MDC codes of the device and session facts; the measurements' come from the vocabulary. */
const FACT_CODES: Record<string, string> = {
  '720897': 'MDC_IDC_DEV_TYPE',
  '720898': 'MDC_IDC_DEV_MODEL',
  '720899': 'MDC_IDC_DEV_SERIAL',
  '720900': 'MDC_IDC_DEV_MFG',
  '720901': 'MDC_IDC_DEV_IMPLANT_DT',
  '721025': 'MDC_IDC_SESS_DTM',
  '721026': 'MDC_IDC_SESS_TYPE',
  '720961': 'MDC_IDC_LEAD_MODEL',
  '720962': 'MDC_IDC_LEAD_SERIAL',
  '720963': 'MDC_IDC_LEAD_MFG',
  '720964': 'MDC_IDC_LEAD_IMPLANT_DT',
  [String(LEAD_LOCATION_CODE)]: LEAD_LOCATION_TERM,
  '738000': EPISODE_COUNT_TERM,
  '738032': EPISODE_TOTAL_TERM,
};

/** code → the vocabulary key (or fact term) it names, for every code published IDCO material confirms. */
const KNOWN_CODES: Map<string, string> = new Map([
  ...Object.entries(FACT_CODES),
  ...MEASUREMENTS.filter((definition) => definition.ieeeCode && !definition.key.includes('.')).map(
    (definition) => [String(definition.ieeeCode), definition.key] as [string, string],
  ),
]);

/** IDCO 1.0 named the device group PG (pulse generator); later versions DEV. Both are read. */
function canonicalTerm(name: string): string {
  return name.startsWith('MDC_IDC_PG_') ? `MDC_IDC_DEV_${name.slice('MDC_IDC_PG_'.length)}` : name;
}

/** The terms that give a sub-ID's episode kind, strongest first (issue 28 §2: any of them pairs a count). */
const EPISODE_TYPE_TERMS = [
  'MDC_IDC_STAT_EPISODE_TYPE',
  'MDC_IDC_EPISODE_TYPE',
  'MDC_IDC_STAT_EPISODE_VENDOR_TYPE',
  'MDC_IDC_EPISODE_VENDOR_TYPE',
];
const DEVICE_TERMS = [
  'MDC_IDC_DEV_TYPE',
  'MDC_IDC_DEV_MFG',
  'MDC_IDC_DEV_MODEL',
  'MDC_IDC_DEV_SERIAL',
  'MDC_IDC_DEV_IMPLANT_DT',
];
const SESSION_TERMS = ['MDC_IDC_SESS_DTM', 'MDC_IDC_SESS_TYPE'];
/** A lead's identity and its location, each lead in its own OBX-4 sub-ID (issue 28 §2). */
const LEAD_TERMS: readonly string[] = [...Object.keys(LEAD_IDENTITY_TERMS), LEAD_LOCATION_TERM];

/** MDC_IDC_LEAD_LOCATION's values (code or text, normalised) and the chamber each names. */
const LEAD_LOCATIONS: Record<string, LeadChamber> = {
  RA: 'RA',
  RIGHTATRIUM: 'RA',
  RV: 'RV',
  RIGHTVENTRICLE: 'RV',
  LV: 'LV',
  LEFTVENTRICLE: 'LV',
  CS: 'LV',
  CORONARYSINUS: 'LV',
};

/** The unit forms vendors send (UCUM and common spellings), per the vocabulary's unit, lower case. */
const UNIT_FORMS: Record<string, readonly string[]> = {
  V: ['v'],
  mV: ['mv'],
  ms: ['ms'],
  Ω: ['ohm', 'ohms', 'Ω', 'ω', 'Ω'],
  '%': ['%'],
  s: ['s', 'sec'],
  J: ['j'],
  months: ['mo', 'month', 'months'],
  bpm: ['{beats}/min', '{beat}/min', '/min', '1/min', 'bpm'],
};

type DeviceTypeForm = { type: SessionDeviceType; crt: boolean };
const form = (type: DeviceTypeForm['type'], crt = false): DeviceTypeForm => ({ type, crt });

/**
 * The device types real senders write, normalised to upper-case letters and digits: the HL7 CIED value
 * set MDCIDCDeviceTypes (753665–753670, MDC_IDC_ENUM_DEV_TYPE_*), the older MDC_IDC_ENUM_DEVICE_TYPE_*,
 * and the text of CWE's second component.
 */
const DEVICE_TYPE_FORMS: Record<string, DeviceTypeForm> = {
  '753665': form('PM'),
  '753666': form('ICD'),
  '753667': form('ICD', true),
  '753668': form('PM', true),
  '753669': form('ILR'),
  '753670': form('Other'),
  IPG: form('PM'),
  PM: form('PM'),
  PACEMAKER: form('PM'),
  IMPLANTABLEPULSEGENERATOR: form('PM'),
  CRTP: form('PM', true),
  CARDIACRESYNCHRONIZATIONTHERAPYPACEMAKER: form('PM', true),
  ICD: form('ICD'),
  SICD: form('ICD'),
  IMPLANTABLECARDIOVERTERDEFIBRILLATOR: form('ICD'),
  CRTD: form('ICD', true),
  CARDIACRESYNCHRONIZATIONTHERAPYDEFIBRILLATOR: form('ICD', true),
  MONITOR: form('ILR'),
  ILR: form('ILR'),
  ICM: form('ILR'),
  IMPLANTABLELOOPRECORDER: form('ILR'),
  INSERTABLECARDIACMONITOR: form('ILR'),
  IMPLANTABLECARDIACMONITOR: form('ILR'),
  OTHER: form('Other'),
};
const DEVICE_TYPE_PREFIXES = ['MDC_IDC_ENUM_DEV_TYPE_', 'MDC_IDC_ENUM_DEVICE_TYPE_'];

export type IdcoProblem = {
  ack: Exclude<AckCode, 'AA'>;
  condition: Hl7ErrorCondition;
  location: Hl7Location;
  message: string;
};

/** The message cannot be imported at all: the ACK's code, the 0357 condition and where. */
export class IdcoMessageError extends Error {
  override name = 'IdcoMessageError';
  readonly problem: IdcoProblem;

  constructor(problem: IdcoProblem) {
    super(problem.message);
    this.problem = problem;
  }
}

/** PID-3 identifier types (CX-5) read as the patient's; SS (social security) is never read or kept. */
const PATIENT_IDENTIFIER_TYPES = ['MR', 'PI', 'PT', 'U', ''];

export type IdcoTransmission = {
  controlId: string;
  /** MSH-4 (namespace id, else universal id): with the control id, what makes a message unique. */
  sendingFacility: string;
  /** MSH-6: the clinic's NPI. */
  receivingFacility: string;
  patient: {
    /** PID-3's identifiers of type MR, PI, PT, U or none (CX.1), in that order of preference; never SS. */
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
    implantDate: string | null;
  };
  session: { date: Date; kind: SessionKind; leadConfiguration: LeadConfigurationKey | null };
  measurements: { key: string; value: number | string }[];
  /** The embedded report (OBX type ED, application/pdf, Base64), if any. */
  report: { bytes: Uint8Array; documentType: string; location: Hl7Location } | null;
  /** OBX segments not recorded: unknown terms, unreadable values (each also a warning). */
  ignoredCount: number;
  /** What was not understood, each an ERR of severity W in the ACK. */
  warnings: Hl7Error[];
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

/**
 * HL7 DTM (YYYY[MM[DD[HH[MM[SS[.S+]]]]]][+/-ZZZZ]) as a Date. A time without a zone is local time in
 * `timeZone` (the clinic's; UTC when none is given). A day that does not exist is refused (null).
 */
export function parseHl7DateTime(text: string, timeZone = 'UTC'): Date | null {
  const match = /^(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\.\d{1,4})?([+-]\d{4})?$/.exec(text.trim());
  if (!match) return null;
  const [, year, month = '01', day = '01', hour = '00', minute = '00', second = '00', fraction = '', zone] =
    match;
  const fields = [year, month, day, hour, minute, second].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const [y, mo, d, h, mi, s] = fields;
  const check = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  // Date.UTC rolls 2026-02-30 over into March, and 24:00 into the next day: such a time is refused.
  if (
    check.getUTCFullYear() !== y ||
    check.getUTCMonth() !== mo - 1 ||
    check.getUTCDate() !== d ||
    check.getUTCHours() !== h ||
    check.getUTCMinutes() !== mi ||
    check.getUTCSeconds() !== s
  )
    return null;
  const millisecond = fraction ? Math.round(Number(`0${fraction}`) * 1000) : 0;
  if (zone) {
    const date = new Date(
      `${year}-${month}-${day}T${hour}:${minute}:${second}${fraction}${zone.slice(0, 3)}:${zone.slice(3)}`,
    );
    return Number.isNaN(date.getTime()) ? null : date;
  }
  return localDateTimeToInstant(
    { year: y, month: mo, day: d, hour: h, minute: mi, second: s, millisecond },
    timeZone,
  );
}

function hl7Date(text: string): string | null {
  const date = parseHl7DateTime(text.trim().slice(0, 8));
  return date ? date.toISOString().slice(0, 10) : null;
}

/** A CWE's meaning: its code and its text, without an IDCO enumeration prefix. */
function enumValue(segment: Hl7Segment, ...prefixes: string[]): string[] {
  return segment
    .components(5)
    .slice(0, 2)
    .map((value) => value.trim())
    .filter(Boolean)
    .map((value) => {
      const prefix = prefixes.find((candidate) => value.startsWith(candidate));
      return prefix ? value.slice(prefix.length) : value;
    });
}

const GENDERS: Record<string, IdcoTransmission['patient']['gender']> = {
  F: 'female',
  M: 'male',
  O: 'other',
  A: 'other',
  U: 'unknown',
};

const label = (obx: Hl7Segment) => `OBX ${obx.get(1).trim() || obx.sequence}`;

/**
 * Reads an ORU^R01 into the portal's terms. Refusals are IdcoMessageError: AR for a message the import
 * does not take (another type, no control id), AE for one without a PID or any session time. Everything
 * else is read as far as it can be, with a warning for each part that cannot.
 */
export function readIdcoOru(message: Hl7Message, options: { timeZone?: string } = {}): IdcoTransmission {
  const timeZone = options.timeZone ?? DEFAULT_CLINIC_TIME_ZONE;
  const warnings: Hl7Error[] = [];
  const warn = (location: Hl7Location, condition: Hl7ErrorCondition, text: string) =>
    warnings.push({ location, condition, message: text, severity: 'W' });

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
  const messageTimeText = msh.get(7).trim();
  const messageTime = messageTimeText ? parseHl7DateTime(messageTimeText, timeZone) : null;
  if (!messageTime)
    warn(
      at(msh, 7),
      messageTimeText ? 'dataTypeError' : 'requiredFieldMissing',
      messageTimeText
        ? 'MSH-7 (message date/time) is not an HL7 date and time'
        : 'MSH-7 (message date/time) is empty',
    );

  const pid = message.first('PID');
  if (!pid) fail('AE', 'segmentSequenceError', { segment: 'PID', sequence: 1 }, 'The PID segment is missing');
  const identifiers = readPatientIdentifiers(pid);
  const dobText = pid.get(7).trim();
  const dob = dobText ? hl7Date(dobText) : null;
  if (dobText && !dob)
    warn(at(pid, 7), 'dataTypeError', 'PID-7 (date of birth) is not an HL7 date: not recorded');
  const genderCode = pid.get(8).trim().toUpperCase();

  const facts = new Map<string, Hl7Segment>();
  const episodeTypes = new Map<string, Hl7Segment[]>();
  const counts: { obx: Hl7Segment; total: boolean }[] = [];
  const leadGroups = new Map<string, Hl7Segment[]>();
  const measurements = new Map<string, number | string>();
  let report: IdcoTransmission['report'] = null;
  let ignoredCount = 0;
  const ignore = (location: Hl7Location, condition: Hl7ErrorCondition, text: string) => {
    ignoredCount += 1;
    warn(location, condition, text);
  };

  for (const obx of message.all('OBX')) {
    const valueType = obx.get(2).trim().toUpperCase();
    if (valueType === 'ED') {
      if (report) {
        ignore(at(obx, 5), 'dataTypeError', `${label(obx)}: a second embedded report is not kept`);
        continue;
      }
      const read = readReport(obx, message);
      if ('warning' in read) ignore(at(obx, 5), 'dataTypeError', read.warning);
      else report = read;
      continue;
    }
    const code = obx.get(3, 1).trim();
    const named = canonicalTerm(obx.get(3, 2).trim());
    const byCode = KNOWN_CODES.get(code);
    const byName = findMeasurementByTerm(named)?.key ?? (named || undefined);
    if (byCode && byName && byCode !== byName) {
      ignore(
        at(obx, 3),
        'tableValueNotFound',
        `${label(obx)}: OBX-3 code ${code} is ${byCode}, not ${named}: not recorded`,
      );
      continue;
    }
    const term = byName ?? byCode ?? '';
    const group = obx.get(4).trim();
    if (EPISODE_TYPE_TERMS.includes(term)) {
      episodeTypes.set(group, [...(episodeTypes.get(group) ?? []), obx]);
    } else if (LEAD_TERMS.includes(term)) {
      leadGroups.set(group, [...(leadGroups.get(group) ?? []), obx]);
    } else if (term === EPISODE_COUNT_TERM || term === EPISODE_TOTAL_TERM) {
      counts.push({ obx, total: term === EPISODE_TOTAL_TERM });
    } else if (DEVICE_TERMS.includes(term) || SESSION_TERMS.includes(term)) {
      if (!facts.has(term)) facts.set(term, obx);
    } else if (findMeasurementByTerm(term)) {
      const definition = findMeasurementByTerm(term) as MeasurementDefinition;
      const read = readValue(obx, definition);
      if (read === null) continue;
      if ('warning' in read) {
        ignore(read.location, read.condition, read.warning);
      } else if (measurements.has(definition.key)) {
        ignore(
          at(obx, 3),
          'segmentSequenceError',
          `${label(obx)}: ${definition.key} was given before; the first value is kept`,
        );
      } else {
        measurements.set(definition.key, read.value);
      }
    } else {
      ignore(
        at(obx, 3),
        'tableValueNotFound',
        `${label(obx)}: ${(named || code || '(no term)').slice(0, 80)} is not in the portal's IDCO vocabulary: kept in the raw message only`,
      );
    }
  }

  for (const { obx, total } of counts) {
    const group = obx.get(4).trim();
    const kind = group ? episodeKindOfGroup(episodeTypes.get(group) ?? []) : undefined;
    if (!kind) {
      ignore(
        at(obx, 4),
        'requiredFieldMissing',
        `${label(obx)}: no episode type the portal knows (MDC_IDC_STAT_EPISODE_TYPE, MDC_IDC_EPISODE_TYPE or a vendor type) in OBX-4 sub-ID '${group.slice(0, 20)}': the count is not recorded`,
      );
      continue;
    }
    const key = total ? episodeTotalKey(kind) : episodeCountKey(kind);
    const definition = findMeasurementByTerm(key) as MeasurementDefinition;
    const read = readValue(obx, definition);
    if (read === null) continue;
    if ('warning' in read) {
      ignore(read.location, read.condition, read.warning);
      continue;
    }
    measurements.set(key, ((measurements.get(key) as number | undefined) ?? 0) + (read.value as number));
  }

  for (const [group, segments] of leadGroups) readLeadIdentity(group, segments, measurements, ignore);

  const device = readDeviceType(facts.get('MDC_IDC_DEV_TYPE'), warn);

  const obr = message.first('OBR');
  const sessionFact = facts.get('MDC_IDC_SESS_DTM');
  const candidates: { text: string; location: Hl7Location; name: string }[] = [
    ...(sessionFact
      ? [{ text: sessionFact.get(5).trim(), location: at(sessionFact, 5), name: 'MDC_IDC_SESS_DTM' }]
      : []),
    ...(obr ? [{ text: obr.get(7).trim(), location: at(obr, 7), name: 'OBR-7' }] : []),
  ];
  let sessionDate: Date | null = null;
  for (const candidate of candidates) {
    if (!candidate.text) continue;
    sessionDate = parseHl7DateTime(candidate.text, timeZone);
    if (sessionDate) break;
    warn(candidate.location, 'dataTypeError', `${candidate.name} is not an HL7 date and time`);
  }
  if (!sessionDate && messageTime) {
    sessionDate = messageTime;
    warn(
      at(msh, 7),
      'requiredFieldMissing',
      'No session time (MDC_IDC_SESS_DTM, OBR-7): the message time is used',
    );
  }
  if (!sessionDate)
    fail(
      'AE',
      'requiredFieldMissing',
      sessionFact ? at(sessionFact, 5) : at(msh, 7),
      'MDC_IDC_SESS_DTM (or OBR-7, or MSH-7) must give the session time',
    );

  const kindFact = facts.get('MDC_IDC_SESS_TYPE');
  let kind: SessionKind = 'remote';
  if (kindFact) {
    const forms = enumValue(kindFact, 'MDC_IDC_ENUM_SESS_TYPE_').map((value) =>
      value.toLowerCase().replace(/[^a-z]/g, ''),
    );
    if (forms.some((value) => value.startsWith('inclinic') || value.startsWith('inperson')))
      kind = 'in-person';
    else if (!forms.some((value) => value.startsWith('remote')))
      warn(
        at(kindFact, 5),
        'tableValueNotFound',
        `${label(kindFact)}: OBX-5 is not an IDCO session type (Remote, In Clinic): the session is taken as remote`,
      );
  }
  const text = (term: string, max: number) => {
    const fact = facts.get(term);
    if (!fact) return null;
    const [code = '', name = ''] = fact.components(5);
    const value = (name || code).trim();
    if (value.length > max) {
      warn(at(fact, 5), 'dataTypeError', `${term} is longer than ${max} characters: not recorded`);
      return null;
    }
    return value === '' ? null : value;
  };
  const manufacturerFact = facts.get('MDC_IDC_DEV_MFG');
  const manufacturerCode = manufacturerFact ? enumValue(manufacturerFact, 'MDC_IDC_ENUM_MFG_') : undefined;
  const serial = facts.get('MDC_IDC_DEV_SERIAL');
  const implantFact = facts.get('MDC_IDC_DEV_IMPLANT_DT');
  const implantDate = implantFact ? hl7Date(implantFact.get(5)) : null;
  if (implantFact && !implantDate)
    warn(at(implantFact, 5), 'dataTypeError', `${label(implantFact)}: the implant date is not an HL7 date`);

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
      type: device.type,
      manufacturer: (manufacturerCode?.[1] || manufacturerCode?.[0] || '').slice(0, 200) || null,
      model: text('MDC_IDC_DEV_MODEL', 200),
      serialNumber: serial ? (serial.get(5) ?? '').trim().slice(0, 100) || null : null,
      implantDate,
    },
    session: {
      date: sessionDate,
      kind,
      leadConfiguration: leadConfigurationOf(device.type, device.crt, [...measurements.keys()]),
    },
    measurements: [...measurements].map(([key, value]) => ({ key, value })),
    report,
    ignoredCount,
    warnings,
  };
}

/** PID-3's repetitions by identifier type (CX-5): MR, then PI, PT, U, then untyped; SS is skipped unread. */
function readPatientIdentifiers(pid: Hl7Segment): string[] {
  const typed = pid
    .repetitions(3)
    .map((repetition) => ({
      id: (repetition[0]?.[0] ?? '').trim(),
      type: (repetition[4]?.[0] ?? '').trim().toUpperCase(),
    }))
    .filter(({ id, type }) => id !== '' && id.length <= 100 && PATIENT_IDENTIFIER_TYPES.includes(type));
  return PATIENT_IDENTIFIER_TYPES.flatMap((type) =>
    typed.filter((identifier) => identifier.type === type).map(({ id }) => id),
  ).filter((id, index, all) => all.indexOf(id) === index);
}

/**
 * The device type the sender names (issue 28 §2). IDCO's Other, a type the portal does not know, or none
 * at all is a warning and the session is stored as `Other`: never guessed from the values it carries.
 */
function readDeviceType(
  fact: Hl7Segment | undefined,
  warn: (location: Hl7Location, condition: Hl7ErrorCondition, text: string) => void,
): DeviceTypeForm {
  const forms = fact
    ? enumValue(fact, ...DEVICE_TYPE_PREFIXES).map(
        (value) => DEVICE_TYPE_FORMS[value.toUpperCase().replace(/[^A-Z0-9]/g, '')],
      )
    : [];
  const found = forms.find((candidate) => candidate !== undefined);
  if (found && found.type !== 'Other') return found;
  const written = fact ? fact.components(5).slice(0, 2).join('^').slice(0, 80) : '';
  warn(
    fact ? at(fact, 5) : { segment: 'OBX', sequence: 1 },
    fact ? 'tableValueNotFound' : 'requiredFieldMissing',
    found
      ? `${label(fact as Hl7Segment)}: the device type is Other (${written}): the session is stored as Other`
      : fact
        ? `${label(fact)}: OBX-5 (${written}) is not an IDCO device type: the session is stored as Other`
        : 'MDC_IDC_DEV_TYPE is missing: the session is stored as Other',
  );
  return form('Other');
}

const termOf = (obx: Hl7Segment) =>
  canonicalTerm(obx.get(3, 2).trim()) || KNOWN_CODES.get(obx.get(3, 1).trim()) || '';

/**
 * One lead's identity (model, serial, manufacturer, implant date), kept under the chamber its sub-ID's
 * MDC_IDC_LEAD_LOCATION names (`MDC_IDC_LEAD_MODEL.RA`…). Without a location the portal knows, or a
 * chamber given twice, each value is a warning and not recorded.
 */
function readLeadIdentity(
  group: string,
  segments: readonly Hl7Segment[],
  measurements: Map<string, number | string>,
  ignore: (location: Hl7Location, condition: Hl7ErrorCondition, text: string) => void,
) {
  const location = segments.find((obx) => termOf(obx) === LEAD_LOCATION_TERM);
  const chamber = location
    ? enumValue(location, 'MDC_IDC_ENUM_LEAD_LOCATION_')
        .map((value) => LEAD_LOCATIONS[value.toUpperCase().replace(/[^A-Z]/g, '')])
        .find((candidate) => candidate !== undefined)
    : undefined;
  for (const obx of segments) {
    const term = termOf(obx) as LeadIdentityTerm | typeof LEAD_LOCATION_TERM;
    if (term === LEAD_LOCATION_TERM) continue;
    if (!chamber) {
      ignore(
        at(obx, 4),
        'requiredFieldMissing',
        `${label(obx)}: no MDC_IDC_LEAD_LOCATION the portal knows (RA, RV, LV) in OBX-4 sub-ID '${group.slice(0, 20)}': ${term} is not recorded`,
      );
      continue;
    }
    const key = leadIdentityKey(term, chamber);
    const [code = '', text = ''] = obx.components(5).map((component) => component.trim());
    const written = term === 'MDC_IDC_LEAD_IMPLANT_DT' ? obx.get(5).trim() : text || code;
    const value = term === 'MDC_IDC_LEAD_IMPLANT_DT' ? hl7Date(written) : written;
    const problem =
      written === ''
        ? `OBX-5 (${key}) is empty`
        : value === null
          ? `OBX-5 (${key}) is not an HL7 date`
          : checkImportedMeasurementValue(key, value)
            ? `OBX-5 (${key}) ${checkImportedMeasurementValue(key, value)}`
            : measurements.has(key)
              ? `${key} was given before (two ${chamber} leads); the first value is kept`
              : undefined;
    if (problem || value === null) {
      ignore(at(obx, 5), 'dataTypeError', `${label(obx)}: ${problem}: not recorded`);
      continue;
    }
    measurements.set(key, value);
  }
}

/** The episode kind a sub-ID's type observations name, the strongest term first. */
function episodeKindOfGroup(segments: readonly Hl7Segment[]): EpisodeKind | undefined {
  const ordered = [...segments].sort(
    (a, b) =>
      EPISODE_TYPE_TERMS.indexOf(canonicalTerm(a.get(3, 2).trim())) -
      EPISODE_TYPE_TERMS.indexOf(canonicalTerm(b.get(3, 2).trim())),
  );
  for (const segment of ordered) {
    const kind = episodeKindOf(segment);
    if (kind) return kind;
  }
  return undefined;
}

const EPISODE_FORMS: Record<string, EpisodeKind> = Object.fromEntries(
  (Object.keys(EPISODE_KINDS) as EpisodeKind[]).flatMap((kind) => [
    [
      EPISODE_KINDS[kind]
        .toUpperCase()
        .replace(/^EPIS_/, '')
        .replace(/[^A-Z0-9]/g, ''),
      kind,
    ],
    [kind.toUpperCase(), kind],
  ]),
);

function episodeKindOf(segment: Hl7Segment): EpisodeKind | undefined {
  const forms = enumValue(segment, 'MDC_IDC_ENUM_EPISODE_TYPE_', 'MDC_IDC_ENUM_EPISODE_VENDOR_TYPE_').map(
    (value) =>
      value
        .toUpperCase()
        // A vendor's own type carries its prefix (MDT-Epis_VT): the standard kind after it is read.
        .replace(/^[A-Z]{2,4}-/, '')
        .replace(/^EPIS_/, '')
        .replace(/[^A-Z0-9]/g, ''),
  );
  for (const value of forms) {
    const kind = EPISODE_FORMS[value];
    if (kind) return kind;
  }
  return undefined;
}

type ReadValue =
  | { value: number | string }
  | { warning: string; location: Hl7Location; condition: Hl7ErrorCondition };

/** A known term's OBX-5 as the vocabulary wants it; null for IDCO's explicit "no value" (Null). */
function readValue(obx: Hl7Segment, definition: MeasurementDefinition): ReadValue | null {
  const key = definition.key;
  const name = label(obx);
  const raw = obx.get(5).trim();
  const problem = (condition: Hl7ErrorCondition, text: string, field = 5): ReadValue => ({
    warning: `${name}: ${text}: not recorded`,
    location: at(obx, field),
    condition,
  });
  if (!obx.components(5).some((component) => component.trim() !== ''))
    return problem('requiredFieldMissing', `OBX-5 (${key}) is empty`);
  if (definition.kind === 'text') return problem('tableValueNotFound', `${key} is not read from OBX-5 alone`);
  if (definition.kind === 'status') {
    const forms = enumValue(
      obx,
      'MDC_IDC_ENUM_BATTERY_STATUS_',
      'MDC_IDC_ENUM_LEAD_CHNL_STATUS_',
      'MDC_IDC_ENUM_LEAD_STATUS_',
    ).map((value) => value.toUpperCase().replace(/[^A-Z]/g, ''));
    if (forms.some((value) => value === 'NULL' || value === 'NA')) return null;
    const values = definition.values as readonly string[];
    const value = values.find((candidate) => forms.includes(candidate.toUpperCase()));
    if (!value) return problem('tableValueNotFound', `OBX-5 (${key}) must be one of ${values.join(', ')}`);
    return { value };
  }
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(raw))
    return problem('dataTypeError', `OBX-5 (${key}) must be a number`);
  const unit = obx.get(6, 1).trim();
  if (unit !== '' && !unitMatches(definition.unit, unit))
    return problem(
      'tableValueNotFound',
      `OBX-6 unit ${unit.slice(0, 20)} is not ${definition.unit} (${key})`,
      6,
    );
  const value = Number(raw);
  const impossible = checkMeasurementLimits(key, value);
  if (impossible) return problem('dataTypeError', `OBX-5 (${key}) ${impossible}`);
  return { value };
}

function unitMatches(unit: string, sent: string): boolean {
  const forms = UNIT_FORMS[unit];
  if (!forms) return sent === '1' || /^\{[^}]*\}$/.test(sent);
  const normalized = sent.replace(/^\[|\]$/g, '').toLowerCase();
  return forms.includes(normalized);
}

/**
 * The lead configuration the session's values show: CRT or an LV channel is biValve, RA+RV dual. A device
 * of unknown type (Other) that reported no lead has none (null): it is not taken for a single lead.
 */
function leadConfigurationOf(
  type: SessionDeviceType,
  crt: boolean,
  keys: readonly string[],
): LeadConfigurationKey | null {
  if (type === 'ILR') return 'ilr';
  const has = (chamber: string) => keys.some((key) => key.startsWith(`MDC_IDC_MSMT_LEADCHNL_${chamber}_`));
  if (crt || has('LV') || keys.includes('MDC_IDC_STAT_CRT_PERCENT_PACED')) return 'biValve';
  if (has('RA')) return 'dualLead';
  return type === 'Other' && !has('RV') ? null : 'singleLead';
}

/**
 * OBX-5 of type ED in the shapes senders write: `^application^pdf^Base64^…` (source, type, subtype,
 * encoding, data) and `Application^PDF^^Base64^…` (shifted, capitalised), case-insensitive; Base64 with
 * line breaks. Anything else is a warning: the session is kept without the report.
 */
function readReport(
  obx: Hl7Segment,
  message: Hl7Message,
): NonNullable<IdcoTransmission['report']> | { warning: string } {
  const components = obx.components(5);
  const lower = components.map((component) => component.trim().toLowerCase());
  const name = label(obx);
  const encodingIndex = lower.indexOf('base64');
  if (encodingIndex < 0) return { warning: `${name}: the embedded report is not Base64-encoded: not kept` };
  const before = lower.slice(0, encodingIndex);
  const isPdf =
    before.includes('application/pdf') ||
    (before.includes('pdf') && before.some((part) => part === 'application' || part === ''));
  if (!isPdf) return { warning: `${name}: the embedded report is not a PDF (application/pdf): not kept` };
  const compact = components
    .slice(encodingIndex + 1)
    .join('')
    .replace(/\s+/g, '');
  if (compact === '' || compact.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(compact))
    return { warning: `${name}: the embedded report is not valid Base64: not kept` };
  const universal = message.first('OBR')?.get(4, 1).trim() ?? '';
  return {
    bytes: new Uint8Array(Buffer.from(compact, 'base64')),
    documentType: (DOCUMENT_TYPES as readonly string[]).includes(universal)
      ? universal
      : 'implicity-crm-report',
    location: at(obx, 5),
  };
}
