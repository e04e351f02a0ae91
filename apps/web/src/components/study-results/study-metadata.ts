// Whether a document carries a study's results (issue 16 §7: `metadata.study`, the contract's
// studyDocumentMetadataSchema). The web reads it with plain checks of the same shape: the schema itself
// would bring zod into the inbox's bundle. A document whose metadata is anything else shows no results.
import type { StudyDocumentMetadata, StudyResults } from '@portal/domain';

type Study = StudyDocumentMetadata['study'];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isNumberOrNull = (value: unknown) => value === null || isNumber(value);
const hasNumbers = (record: Record<string, unknown>, keys: readonly string[]) =>
  keys.every((key) => isNumber(record[key]));

function isPressure(value: unknown): boolean {
  return isRecord(value) && hasNumbers(value, ['systolic', 'diastolic']);
}

function isAbpmPeriod(value: unknown): boolean {
  return (
    isRecord(value) &&
    (value.mean === null || isPressure(value.mean)) &&
    hasNumbers(value, ['readingCount', 'aboveThresholdCount'])
  );
}

const DIPPING_CATEGORIES: readonly string[] = ['extreme-dipper', 'dipper', 'non-dipper', 'riser'];

function isStudyResults(value: unknown): value is StudyResults {
  if (!isRecord(value)) return false;
  switch (value.suite) {
    case 'sleep':
      return (
        hasNumbers(value, ['ahi', 'pahi', 'odi', 'spo2Nadir', 'totalSleepTimeMinutes']) &&
        isNumberOrNull(value.remAhi) &&
        isNumberOrNull(value.nremAhi) &&
        typeof value.scoredAt === 'string'
      );
    case 'wcd':
      return (
        isRecord(value.heartRate) &&
        hasNumbers(value.heartRate, ['min', 'mean', 'max']) &&
        hasNumbers(value, ['analysableHours', 'afBurdenPercent', 'patientTriggeredEvents']) &&
        isRecord(value.ectopy) &&
        hasNumbers(value.ectopy, ['pvcBurdenPercent', 'pacBurdenPercent']) &&
        isRecord(value.pauses) &&
        isNumber(value.pauses.count) &&
        isNumberOrNull(value.pauses.longestSeconds)
      );
    case 'abpm': {
      const { periods, dipping } = value;
      return (
        isRecord(periods) &&
        isAbpmPeriod(periods.day) &&
        isAbpmPeriod(periods.night) &&
        isAbpmPeriod(periods['24h']) &&
        (dipping === null ||
          (isRecord(dipping) &&
            isNumber(dipping.percent) &&
            typeof dipping.category === 'string' &&
            DIPPING_CATEGORIES.includes(dipping.category)))
      );
    }
    default:
      return false;
  }
}

/** The study and its results a document's metadata carries, or null when it carries none (or another shape). */
export function readStudyDocumentMetadata(metadata: unknown): Study | null {
  if (!isRecord(metadata) || !isRecord(metadata.study)) return null;
  const { id, suite, results } = metadata.study;
  if (typeof id !== 'string' || typeof suite !== 'string') return null;
  if (!isStudyResults(results) || results.suite !== suite) return null;
  return { id, suite: results.suite, results };
}
