import { DOCUMENT_TYPE_REPORT_LABELS, isAlertDocumentType } from './document-types';

/** Parts of a document the PDF file name is built from. */
export type ReportFilenameSource = {
  type: string;
  device?: string | null;
  alert?: string | null;
  alertType?: string | null;
  patientFirstName?: string | null;
  patientLastName?: string | null;
  /** Date of service, as an ISO timestamp. */
  dos?: string | Date | null;
};

/** Joins the parts of a PDF file name. SPEC lists the parts but not the separator. */
export const REPORT_FILENAME_SEPARATOR = '_';

/**
 * The second file-name part: for alerts the alert name (alert, else alertType) + '_alert',
 * otherwise the report-type label of the document type (an unknown type is used as it is).
 */
export function getReportTypeLabel(
  source: Pick<ReportFilenameSource, 'type' | 'alert' | 'alertType'>,
): string {
  if (isAlertDocumentType(source.type)) {
    const alertName = (source.alert ?? '').trim() || (source.alertType ?? '').trim();
    return alertName === '' ? 'alert' : `${alertName}_alert`;
  }
  return (DOCUMENT_TYPE_REPORT_LABELS as Record<string, string>)[source.type] ?? source.type;
}

/** The date part: the dos ISO timestamp without its last 14 characters ('2024-03-05T14:07:09.000Z' → '2024-03-05'). */
export function formatReportFilenameDate(dos: string | Date | null | undefined): string {
  if (dos === null || dos === undefined) return '';
  const iso = dos instanceof Date ? (Number.isNaN(dos.getTime()) ? '' : dos.toISOString()) : dos;
  return iso.slice(0, Math.max(0, iso.length - 14));
}

/**
 * 'ICD_AF-burden_alert_Jane_Doe_2024-03-05.pdf': device, alert name + '_alert' or report-type label,
 * patient first name, last name, date, joined by '_'. Blank parts are skipped; whitespace and characters
 * file systems reject (/ \ : * ? " < > |) become '-' so the name is safe to save.
 */
export function buildReportPdfFilename(source: ReportFilenameSource): string {
  const parts = [
    source.device,
    getReportTypeLabel(source),
    source.patientFirstName,
    source.patientLastName,
    formatReportFilenameDate(source.dos),
  ]
    .map((part) => sanitizeFilenamePart(part ?? ''))
    .filter((part) => part !== '');
  return `${parts.join(REPORT_FILENAME_SEPARATOR)}.pdf`;
}

function sanitizeFilenamePart(part: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what must go.
  return part.trim().replace(/[\s/\\:*?"<>|\u0000-\u001f]+/g, '-');
}

/** Letters NFKD leaves whole, written as the ASCII letters readers expect ('Łukasz' → 'Lukasz'). */
const ASCII_LETTERS: Record<string, string> = {
  Ł: 'L',
  ł: 'l',
  Ø: 'O',
  ø: 'o',
  Đ: 'D',
  đ: 'd',
  Ð: 'D',
  ð: 'd',
  Þ: 'Th',
  þ: 'th',
  ß: 'ss',
  Æ: 'AE',
  æ: 'ae',
  Œ: 'OE',
  œ: 'oe',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  Ŀ: 'L',
  ŀ: 'l',
  Ŧ: 'T',
  ŧ: 't',
};

/**
 * The file name in printable ASCII, for the plain `filename` of a download (RFC 6266), where only ASCII
 * is safe: letters lose their accents (NFKD, then the marks dropped; 'Żółć' → 'Zolc', 'Łukasz' →
 * 'Lukasz'); any other run of characters outside printable ASCII, and '"', '\' and '%' (which some
 * browsers decode), becomes one '-'. The shape of the name (its parts and '_') is kept.
 */
export function toAsciiFilename(filename: string): string {
  return filename
    .replace(/[ŁłØøĐđÐðÞþßÆæŒœĦħıĿŀŦŧ]/g, (letter) => ASCII_LETTERS[letter] ?? letter)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/(?:[^\u0020-\u007e]|["\\%])+/g, '-');
}
