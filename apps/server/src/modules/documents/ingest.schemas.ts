import {
  ALERT_LEVELS,
  DOCUMENT_TYPES,
  deviceDetailSchema,
  isValidNpi,
  MAX_INPUT_DEPTH,
  nestsDeeperThan,
  PRINTOUT_CONFIRMATION_REASON_MAX,
  SERVICE_LINES,
  TOO_DEEP_MESSAGE,
} from '@portal/domain';
import { z } from 'zod';

// Server-only: the web never uploads documents; integrations do.

const formBoolean = z.enum(['true', 'false']).transform((value) => value === 'true');
const optionalText = (max: number) => z.string().trim().max(max).optional();
const codeList = z
  .string()
  .transform((text) =>
    text
      .split(',')
      .map((code) => code.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.string().max(20)).max(50));

/**
 * The attributes that come with an uploaded PDF, as form fields (SPEC §5: fields only when defined,
 * booleans as 'true'/'false'). JSON-valued fields (deviceDetail, patientInfo, metadata) are JSON text.
 */
/**
 * A form field holding JSON: parsed, and refused past MAX_INPUT_DEPTH like a JSON body (issue 31 §3), so
 * no walk over it (zod's, the audit trail's) goes deeper.
 */
function parseJsonField(text: string, context: z.RefinementCtx): unknown {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    context.addIssue({ code: 'custom', message: 'must be JSON' });
    return z.NEVER;
  }
  if (nestsDeeperThan(parsed, MAX_INPUT_DEPTH)) {
    context.addIssue({ code: 'custom', message: TOO_DEEP_MESSAGE });
    return z.NEVER;
  }
  return parsed;
}

export const ingestFieldsSchema = z.strictObject({
  clinicNpi: z.string().refine(isValidNpi, { error: 'must be a valid 10-digit NPI' }),
  type: z.enum(DOCUMENT_TYPES),
  serviceLine: z.enum(SERVICE_LINES.filter((line) => line !== 'any') as [string, ...string[]]),
  dos: z.iso.datetime({ offset: true, error: 'must be an ISO date-time' }),
  patientId: z.string().trim().min(1).max(100),
  patientFirstName: z.string().trim().min(1).max(100),
  patientLastName: z.string().trim().min(1).max(100),
  patientDob: z.iso.date({ error: 'must be a date (YYYY-MM-DD)' }).optional(),
  patientPhone: optionalText(40),
  patientSource: optionalText(100),
  alert: z.enum(ALERT_LEVELS).optional(),
  alertType: optionalText(200),
  alertText: optionalText(4000),
  device: optionalText(100),
  physicianName: optionalText(200),
  physicianNpi: z.string().refine(isValidNpi, { error: 'must be a valid 10-digit NPI' }).optional(),
  practiceLocation: optionalText(200),
  rpmEncounterId: optionalText(100),
  cptCodes: codeList.optional(),
  icd10Codes: codeList.optional(),
  isOnOac: formBoolean.optional(),
  hasEpisodes: formBoolean.optional(),
  longitudinal: formBoolean.optional(),
  isDraft: z
    .literal('true')
    .transform(() => true)
    .optional(),
  emrNumber: optionalText(100),
  deviceDetail: z
    .string()
    .transform((text, context) => {
      return parseJsonField(text, context);
    })
    .pipe(deviceDetailSchema)
    .optional(),
  /**
   * Issue 29 §1: the reason for "this printout belongs to this patient" when the uploaded printout names
   * another patient (a different name, serial, id or date of birth); without it such an upload is a 422
   * naming this field. Audited with both identities; not stored on the document.
   */
  printoutConfirmation: z
    .string()
    .trim()
    .min(1, { error: 'is required' })
    .max(PRINTOUT_CONFIRMATION_REASON_MAX)
    .optional(),
  metadata: z
    .string()
    .max(20_000)
    .transform((text, context) => {
      return parseJsonField(text, context);
    })
    .pipe(z.record(z.string(), z.unknown()))
    .optional(),
});
export type IngestFields = z.infer<typeof ingestFieldsSchema>;

/** POST /api/reports/wcd: a wearable cardiac device document's attributes as JSON, the PDF in base64. */
export const wcdIngestBodySchema = z.strictObject({
  attributes: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  /** A study's Holter-style results, from its vendor (issue 16 §3); checked by the studies module. */
  results: z.optional(z.record(z.string(), z.unknown())),
  pdfBase64: z.base64({ error: 'must be base64' }).max(70_000_000),
});
