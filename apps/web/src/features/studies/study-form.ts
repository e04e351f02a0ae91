// The forms that order a study (issue 16 §7): the sleep profile a sleep study is ordered with, and the
// order itself per suite. Values are the inputs' strings; each form checks what the browser can (the
// server checks again and names its fields, shown beside them) and builds the contract's body.
import {
  type CreateAbpmStudyBody,
  type CreateSleepStudyBody,
  type CreateWcdStudyBody,
  isValidNpi,
  type SleepProfile,
  type SleepProfileBody,
  type StudyType,
} from '@portal/domain';
import { ABPM_STUDY_HOURS, SLEEP_STUDY_NIGHTS, WCD_STUDY_DAYS } from '../../lib/studies';

export type FormErrors<Field extends string> = Partial<Record<Field, string>>;

const trim = (value: string) => value.trim();
const WHOLE_NUMBER = /^\d+$/;
const DECIMAL = /^\d+(\.\d+)?$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

// ---- Sleep profile ----

export type SleepProfileField = 'heightCm' | 'weightKg' | 'neckCircumferenceCm' | 'epworthScore' | 'notes';
export type SleepProfileValues = Record<SleepProfileField, string>;

export const SLEEP_PROFILE_LABELS: Record<SleepProfileField, string> = {
  heightCm: 'Height (cm)',
  weightKg: 'Weight (kg)',
  neckCircumferenceCm: 'Neck (cm)',
  epworthScore: 'Epworth score (0–24)',
  notes: 'Notes',
};

/** The measures' limits, as the contract's sleepProfileBodySchema has them. */
const MEASURES = {
  heightCm: { min: 40, max: 260, unit: 'cm', name: 'Height' },
  weightKg: { min: 2, max: 400, unit: 'kg', name: 'Weight' },
  neckCircumferenceCm: { min: 15, max: 80, unit: 'cm', name: 'Neck circumference' },
} as const;

export const EPWORTH_RANGE = { min: 0, max: 24 } as const;
export const NOTES_MAX_LENGTH = 2000;

const asText = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

export function toSleepProfileValues(profile: SleepProfile | null | undefined): SleepProfileValues {
  return {
    heightCm: asText(profile?.heightCm),
    weightKg: asText(profile?.weightKg),
    neckCircumferenceCm: asText(profile?.neckCircumferenceCm),
    epworthScore: asText(profile?.epworthScore),
    notes: profile?.notes ?? '',
  };
}

export function validateSleepProfile(values: SleepProfileValues): FormErrors<SleepProfileField> {
  const errors: FormErrors<SleepProfileField> = {};
  for (const [field, measure] of Object.entries(MEASURES) as [
    keyof typeof MEASURES,
    (typeof MEASURES)[keyof typeof MEASURES],
  ][]) {
    const text = trim(values[field]);
    // Zoll scores the test with every measure, so its order needs each one.
    if (!text) {
      errors[field] = `Enter the ${measure.name.toLowerCase()}.`;
      continue;
    }
    const value = Number(text);
    if (!DECIMAL.test(text) || value < measure.min || value > measure.max) {
      errors[field] = `${measure.name} must be from ${measure.min} to ${measure.max} ${measure.unit}.`;
    }
  }
  const epworth = trim(values.epworthScore);
  if (!epworth) errors.epworthScore = 'Enter the Epworth score.';
  else if (
    !WHOLE_NUMBER.test(epworth) ||
    Number(epworth) < EPWORTH_RANGE.min ||
    Number(epworth) > EPWORTH_RANGE.max
  ) {
    errors.epworthScore = 'Epworth score must be a whole number from 0 to 24.';
  }
  if (values.notes.length > NOTES_MAX_LENGTH)
    errors.notes = `Notes must be at most ${NOTES_MAX_LENGTH} characters.`;
  return errors;
}

const numberOrNull = (text: string) => (trim(text) === '' ? null : Number(trim(text)));

export function toSleepProfileBody(values: SleepProfileValues): SleepProfileBody {
  return {
    heightCm: numberOrNull(values.heightCm),
    weightKg: numberOrNull(values.weightKg),
    neckCircumferenceCm: numberOrNull(values.neckCircumferenceCm),
    epworthScore: numberOrNull(values.epworthScore),
    notes: trim(values.notes),
  };
}

// ---- The order ----

/** What every order has: who orders it, when it starts, notes. */
export type OrderField = 'orderingPhysicianNpi' | 'orderingPhysicianName' | 'startDate' | 'notes';
export type SleepOrderField = OrderField | 'nights';
export type WcdOrderField = OrderField | 'studyType' | 'durationDays';
export type AbpmOrderField = OrderField | 'durationHours';

export type SleepOrderValues = Record<SleepOrderField, string>;
export type WcdOrderValues = Record<WcdOrderField, string>;
export type AbpmOrderValues = Record<AbpmOrderField, string>;

const ORDER_LABELS: Record<OrderField, string> = {
  orderingPhysicianNpi: 'Ordering physician NPI',
  orderingPhysicianName: 'Ordering physician name',
  startDate: 'Start date',
  notes: 'Notes',
};

export const SLEEP_ORDER_LABELS: Record<SleepOrderField, string> = { ...ORDER_LABELS, nights: 'Nights' };
export const WCD_ORDER_LABELS: Record<WcdOrderField, string> = {
  ...ORDER_LABELS,
  studyType: 'Study type',
  durationDays: 'Days',
};
export const ABPM_ORDER_LABELS: Record<AbpmOrderField, string> = {
  ...ORDER_LABELS,
  durationHours: 'Duration',
};

/** The SPEC §3 study types with the words a nurse orders them by. */
export const WCD_STUDY_TYPE_OPTIONS: readonly { value: StudyType; label: string }[] = [
  { value: 'Holter', label: 'Holter' },
  { value: 'Ext Holter', label: 'Extended Holter' },
  { value: 'Event', label: 'Event monitor' },
  { value: 'MCT', label: 'Mobile cardiac telemetry (MCT)' },
];

/** The physician who orders: by default the patient's following physician, named from the clinic's providers. */
export type OrderingPhysician = { npi: string; name: string };

function emptyOrder(physician: OrderingPhysician | undefined): Record<OrderField, string> {
  return {
    orderingPhysicianNpi: physician?.npi ?? '',
    orderingPhysicianName: physician?.name ?? '',
    startDate: '',
    notes: '',
  };
}

export function emptySleepOrder(physician?: OrderingPhysician): SleepOrderValues {
  return { ...emptyOrder(physician), nights: '1' };
}
export function emptyWcdOrder(physician?: OrderingPhysician): WcdOrderValues {
  return { ...emptyOrder(physician), studyType: 'Holter', durationDays: '1' };
}
export function emptyAbpmOrder(physician?: OrderingPhysician): AbpmOrderValues {
  return { ...emptyOrder(physician), durationHours: '24' };
}

function validateOrder(values: Record<OrderField, string>): FormErrors<OrderField> {
  const errors: FormErrors<OrderField> = {};
  const npi = trim(values.orderingPhysicianNpi);
  if (!npi) errors.orderingPhysicianNpi = 'Enter the ordering physician NPI.';
  else if (!isValidNpi(npi))
    errors.orderingPhysicianNpi = 'Ordering physician NPI must be a valid 10-digit NPI.';
  if (!trim(values.orderingPhysicianName))
    errors.orderingPhysicianName = 'Enter the ordering physician name.';
  const startDate = trim(values.startDate);
  if (startDate && !ISO_DATE.test(startDate)) errors.startDate = 'Start date must be a date.';
  if (values.notes.length > NOTES_MAX_LENGTH)
    errors.notes = `Notes must be at most ${NOTES_MAX_LENGTH} characters.`;
  return errors;
}

function wholeNumberIn(text: string, range: { min: number; max: number }): boolean {
  const value = Number(trim(text));
  return WHOLE_NUMBER.test(trim(text)) && value >= range.min && value <= range.max;
}

export function validateSleepOrder(values: SleepOrderValues): FormErrors<SleepOrderField> {
  const errors: FormErrors<SleepOrderField> = validateOrder(values);
  if (!wholeNumberIn(values.nights, SLEEP_STUDY_NIGHTS)) {
    errors.nights = `Nights must be from ${SLEEP_STUDY_NIGHTS.min} to ${SLEEP_STUDY_NIGHTS.max}.`;
  }
  return errors;
}

export function validateWcdOrder(values: WcdOrderValues): FormErrors<WcdOrderField> {
  const errors: FormErrors<WcdOrderField> = validateOrder(values);
  if (!WCD_STUDY_TYPE_OPTIONS.some((option) => option.value === values.studyType)) {
    errors.studyType = 'Choose the study type.';
  }
  if (!wholeNumberIn(values.durationDays, WCD_STUDY_DAYS)) {
    errors.durationDays = `Days must be from ${WCD_STUDY_DAYS.min} to ${WCD_STUDY_DAYS.max}.`;
  }
  return errors;
}

export function validateAbpmOrder(values: AbpmOrderValues): FormErrors<AbpmOrderField> {
  const errors: FormErrors<AbpmOrderField> = validateOrder(values);
  if (!(ABPM_STUDY_HOURS as readonly number[]).includes(Number(values.durationHours))) {
    errors.durationHours = 'Choose 24 or 48 hours.';
  }
  return errors;
}

function orderBody(values: Record<OrderField, string>) {
  const startDate = trim(values.startDate);
  const notes = trim(values.notes);
  return {
    orderingPhysicianNpi: trim(values.orderingPhysicianNpi),
    orderingPhysicianName: trim(values.orderingPhysicianName),
    ...(startDate && { startDate }),
    ...(notes && { notes }),
  };
}

export function toSleepStudyBody(values: SleepOrderValues): CreateSleepStudyBody {
  return { ...orderBody(values), nights: Number(trim(values.nights)) };
}

export function toWcdStudyBody(values: WcdOrderValues): CreateWcdStudyBody {
  return {
    ...orderBody(values),
    studyType: WCD_STUDY_TYPE_OPTIONS.find((option) => option.value === values.studyType)?.value ?? 'Holter',
    durationDays: Number(trim(values.durationDays)),
  };
}

export function toAbpmStudyBody(values: AbpmOrderValues): CreateAbpmStudyBody {
  return { ...orderBody(values), durationHours: Number(values.durationHours) === 48 ? 48 : 24 };
}
