import {
  type ComparisonMode,
  type LongitudinalResponse,
  type LongitudinalSettingsResponse,
  longitudinalResponseSchema,
  longitudinalSettingsResponseSchema,
} from '@portal/domain';
import { CLINIC } from './render-as';

// Longitudinal answers as the API gives them (checked against the domain's contract here, since a stub that
// drifts from it would prove nothing): a pacemaker patient with three quarterly sessions whose latest RV
// pacing threshold is above 1.5 V.

export const TREND_PATIENT_ID = '5b0c3f0e-9d6a-4a44-8d0e-1f2a3b4c5d6e';
export const SESSION_IDS = [
  '7d1e0000-0000-4000-8000-000000000001',
  '7d1e0000-0000-4000-8000-000000000002',
  '7d1e0000-0000-4000-8000-000000000003',
];
const DATES = ['2026-02-10T14:00:00.000Z', '2026-05-12T14:00:00.000Z', '2026-08-11T14:00:00.000Z'];
export const RV_THRESHOLD = 'MDC_IDC_MSMT_LEADCHNL_RV_PACING_THRESHOLD_AMPLITUDE';
export const RV_IMPEDANCE = 'MDC_IDC_MSMT_LEADCHNL_RV_IMPEDANCE_VALUE';
export const BATTERY_STATUS = 'MDC_IDC_MSMT_BATTERY_STATUS';

type Flag = { level: 'warning' | 'critical'; rule: string; message: string };

function values(
  numbers: (number | string)[],
  mode: ComparisonMode,
  flags: Record<number, Flag[]> = {},
): LongitudinalResponse['data']['series'][number]['values'] {
  const compare = (value: number | string, reference: number | string | undefined) => {
    if (typeof value !== 'number' || typeof reference !== 'number') return null;
    return mode === 'difference'
      ? Number((value - reference).toFixed(2))
      : Number((((value - reference) / reference) * 100).toFixed(1));
  };
  return numbers.map((value, index) => ({
    sessionId: SESSION_IDS[index] as string,
    measuredAt: DATES[index] as string,
    value,
    vsPrevious: index === 0 ? null : compare(value, numbers[index - 1]),
    vsBaseline: index === 0 ? null : compare(value, numbers[0]),
    flags: flags[index] ?? [],
    source: 'device-import' as const,
    confirmedBy: null,
  }));
}

export function longitudinalAnswer(
  options: { mode?: ComparisonMode; empty?: boolean; rvThresholds?: number[] } = {},
): LongitudinalResponse {
  const mode = options.mode ?? 'difference';
  const thresholds = options.rvThresholds ?? [0.75, 1.0, 1.75];
  const latest = thresholds.at(-1) as number;
  const answer: LongitudinalResponse = {
    data: {
      patientRef: TREND_PATIENT_ID,
      deviceType: 'PM',
      deviceTypes: options.empty ? [] : ['PM'],
      comparisonMode: mode,
      baselineSessionId: null,
      sessions: options.empty
        ? []
        : SESSION_IDS.map((id, index) => ({
            id,
            clinicNpi: CLINIC.npi,
            patientRef: TREND_PATIENT_ID,
            deviceType: 'PM' as const,
            kind: 'remote' as const,
            source: 'device-import' as const,
            sessionDate: DATES[index] as string,
            manufacturer: 'BSX',
            model: 'ACCOLADE MRI DR',
            serialNumber: '731904',
            leadConfiguration: 'dualLead',
            documentId: null,
            createdAt: DATES[index] as string,
          })),
      series: options.empty
        ? []
        : [
            {
              key: BATTERY_STATUS,
              label: 'Battery status',
              unit: null,
              values: values(['BOS', 'BOS', 'MOS'], mode),
              daily: null,
            },
            {
              key: RV_THRESHOLD,
              label: 'RV pacing threshold',
              unit: 'V',
              values: values(
                thresholds,
                mode,
                latest > 1.5
                  ? {
                      2: [
                        {
                          level: 'warning',
                          rule: 'pacing-threshold-high',
                          message: `Threshold ${latest} V is above 1.5 V`,
                        },
                      ],
                    }
                  : {},
              ),
              daily: null,
            },
            {
              key: RV_IMPEDANCE,
              label: 'RV pacing impedance',
              unit: 'Ω',
              values: values([520, 540, 530], mode),
              daily: null,
            },
          ],
    },
  };
  return longitudinalResponseSchema.parse(answer);
}

export function settingsAnswer(
  userId: string,
  stored: LongitudinalSettingsResponse['data']['stored'] = {},
  source: 'default' | 'clinic' | 'user' = 'default',
): LongitudinalSettingsResponse {
  return longitudinalSettingsResponseSchema.parse({
    data: {
      clinicNpi: CLINIC.npi,
      userId,
      stored,
      effective: {
        comparisonMode: stored.comparisonMode ?? 'difference',
        measurements: {
          PM: [BATTERY_STATUS, RV_THRESHOLD, RV_IMPEDANCE],
          ICD: [RV_THRESHOLD],
          ILR: [BATTERY_STATUS],
          Other: [BATTERY_STATUS, RV_THRESHOLD, RV_IMPEDANCE],
        },
        thresholds: {
          pacingThresholdWarningAbove: 1.5,
          pacingThresholdCriticalAtOrAbove: 2,
          pacingThresholdRiseFromBaseline: 1,
          pacingImpedanceWarningBelow: 300,
          pacingImpedanceWarningAbove: 1000,
          pacingImpedanceCriticalBelow: 250,
          pacingImpedanceCriticalAbove: 1500,
          hvImpedanceBelow: 20,
          hvImpedanceAbove: 100,
          sensingBelowPercentOfBaseline: 50,
          atafBurdenWarningAbove: 1,
          atafBurdenCriticalAbove: 5,
          flagBatteryAtEri: true,
          ...stored.thresholds,
        },
        source,
      },
    },
  });
}
