import type { DemoAlert } from './demo-alerts';
import type { DemoDeviceKind } from './demo-devices';
import type { SeededRandom } from './seeded-random';

export type DemoReportInput = {
  seed: number;
  documentType: string;
  serviceLine: string;
  clinicName: string;
  patient: { firstName: string; lastName: string; dob: Date | string; id: string };
  /** What the document's deviceDetail says: the implant, the study's monitor or the RPM home device. */
  device: {
    manufacturer?: string | null;
    modelName?: string | null;
    serialNumber?: string | null;
    /** Implants only; a study or RPM report never shows one. */
    implantDate?: string | null;
    /** Lead configuration: 'No Leads', 'Single', 'Dual' or 'BiV' (SPEC §3); implants only. */
    chambers?: string | null;
  };
  /** The implant family or monitor kind; read from the catalogue, the model name and the type when absent. */
  deviceKind?: DemoDeviceKind | undefined;
  dos: Date;
  /** crm-alert and rpm-alert: the alert the report explains, with the numbers its text quotes. */
  alert?: DemoAlert | undefined;
  /** The recording window of a study, the reading period of RPM, the billing period of a remote report. */
  period?: { start: Date; end: Date } | undefined;
  /** 1–12: a coversheet, a measurements page, then pages of rhythm strips or of tables. */
  pageCount: number;
};

export type Tone = 'normal' | 'warning' | 'alert';
export type Cell = { text: string; tone?: Tone };
/** A result shown as a tile on the coversheet. */
export type Highlight = { label: string; value: string; detail: string; tone: Tone };
export type Table = {
  title: string;
  columns: { title: string; width: number; align?: 'right' }[];
  rows: Cell[][];
};
export type Rhythm =
  | 'sinus'
  | 'atrial-fibrillation'
  | 'atrial-fibrillation-onset'
  | 'supraventricular-tachycardia'
  | 'nsvt'
  | 'ventricular-tachycardia-atp'
  | 'ventricular-fibrillation-shock'
  | 'pause';
export type StripSpec = {
  title: string;
  recordedAt: string;
  lead: string;
  rhythm: Rhythm;
  heartRate: number;
  duration: string;
  /** Scales the beat: leads and devices see the same heart at different sizes. */
  gain: number;
  interpretation: string;
  seed: number;
  /** 'pause': the pause's length; 'nsvt': the run's beats; a shock's energy in joules. */
  pauseSeconds?: number;
  beats?: number;
  joules?: number;
};

/** A page after the measurements: stored episodes with their strips, or a table (readings, events). */
export type LaterPage =
  | { kind: 'episodes'; title: string; strips: StripSpec[] }
  | { kind: 'table'; title: string; table: Table; note?: string };

/** What a service line's builder decides: the measurements page and what follows it. */
export type ReportBody = {
  deviceTitle: string;
  deviceRows: [string, string][];
  sessionTitle: string;
  sessionRows: [string, string][];
  measurementTitle: string;
  tables: Table[];
  findings: string[];
  /** Three tiles; the alert tile is added after them. */
  highlights: Highlight[];
  /** A strip under the measurements (ECG-based reports only). */
  presentingStrip: StripSpec | null;
  laterPages: LaterPage[];
  summary: string;
  footnote: string;
  /** The recording, reading or billing period the report covers (the document's clinicalStart/End). */
  period: { start: Date; end: Date } | null;
  /** Billing and diagnosis codes that fit what the report found. */
  cptCodes: string[];
  icd10Codes: string[];
};

export type DemoReportContent = ReportBody & {
  title: string;
  typeLabel: string;
  serviceLineLabel: string;
  letterhead: string;
  alertBanner: { label: string; text: string; tone: Tone } | null;
  patientLine: string;
  patientRows: [string, string][];
  /** Pages of rhythm strips follow (the document's hasEpisodes). */
  hasEpisodes: boolean;
  /** The tiles' label and value, for the document's metadata (the details panel can show them). */
  keyResults: { label: string; value: string }[];
};

/** What every builder is given. */
export type BodyContext = {
  input: DemoReportInput;
  random: SeededRandom;
  alert: DemoAlert | undefined;
  /** Pages after the measurements page: pageCount − 2, at least 0. */
  laterPageCount: number;
  /** A time `offsetSeconds` before the date of service, as MM/dd/yyyy hh:mm:ss am. */
  before(offsetSeconds: number): string;
};
