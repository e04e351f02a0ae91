// PDF scraping (issue 15 §2), written once: the interrogation PDF a user uploads on the in-person device
// check, and the measurements the server proposes from it. Nothing is stored: the user confirms the values
// into the form, and they arrive with the device check's submission.
//
// As in the other contracts, the web build drops these schemas only where building them has no side
// effects: calls on `z` count as pure, and any other module-level call is marked `@__PURE__`.

import { z } from 'zod';
import { defineResponseContract } from '../common/api-contract';
import { printoutIdentityComparisonSchema } from './printout-identity';

/** Why a PDF proposes nothing. */
export const PDF_SCRAPE_REASONS = ['no-text', 'encrypted', 'unreadable', 'no-labels', 'too-slow'] as const;
export type PdfScrapeReason = (typeof PDF_SCRAPE_REASONS)[number];

/** What the user reads for each reason. */
export const PDF_SCRAPE_REASON_MESSAGES: Readonly<Record<PdfScrapeReason, string>> = {
  'no-text':
    'This PDF has no text to read: it looks like a scanned image. Enter the values by hand, or upload the report as the programmer or vendor portal printed it.',
  encrypted:
    'This PDF is protected by a password, so its values cannot be read. Print it again without a password, or enter the values by hand.',
  unreadable: 'This file could not be read as a PDF: it may be damaged. Enter the values by hand.',
  'no-labels':
    'No device measurement was recognised in this PDF. Check that it is the interrogation report, or enter the values by hand.',
  'too-slow': 'Reading this PDF took too long. Enter the values by hand, or upload a shorter report.',
};

/** The media type the PDF is sent as: the request body is the file itself. */
export const PDF_SCRAPE_CONTENT_TYPE = 'application/pdf';

/**
 * Where a value was read, for highlighting it on the page: PDF points from the page's top-left corner,
 * y downwards — the coordinates of pdf.js's `page.getViewport({ scale: 1 })` (its `viewport.transform`
 * applied to the text's position), so at scale s the web multiplies each by s. The box covers the value
 * and its unit as printed (both halves of '0.75 V @ 0.4 ms').
 */
export const pdfScrapeBoxSchema = z.object({
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
});
export type PdfScrapeBox = z.infer<typeof pdfScrapeBoxSchema>;

export const pdfScrapeProposalSchema = z.object({
  /** The IDCO term, as the device check's measurements are keyed. */
  key: z.string(),
  /** In the measurement's own unit (longevity in months, even when printed in years); a state's value. */
  value: z.union([z.number(), z.string()]),
  /** The measurement's unit ('V', 'mV', 'ms', 'Ω', '%', 'months', 's', 'episodes'…); null for a state. */
  unit: z.nullable(z.string()),
  /** 1-based. */
  page: z.number().int(),
  box: pdfScrapeBoxSchema,
  /** The label as read, with the chamber column it stood under: 'Pacing Impedance (RV)'. */
  label: z.string(),
  /** The text the value was read from: '0.75 V @ 0.4 ms', 'RV Pacing Impedance: 520 ohms'. */
  sourceText: z.string(),
});
export type PdfScrapeProposal = z.infer<typeof pdfScrapeProposalSchema>;

export const pdfScrapeResultSchema = z.object({
  /** At most one per measurement, in reading order; empty with a reason when nothing was read. */
  proposals: z.array(pdfScrapeProposalSchema),
  /** The file's pages (0 when it could not be opened). */
  pageCount: z.number().int(),
  reason: z.nullable(z.enum(PDF_SCRAPE_REASONS)),
  /** What the user reads when proposals are empty; null otherwise. */
  message: z.nullable(z.string()),
  /**
   * Issue 29 §1: the identity the printout carries beside the patient's, field by field. `checkId` goes
   * with the device check's submission (`printoutCheckId`); when `needsConfirmation`, so does the
   * technician's reason (`printoutConfirmation`).
   */
  identity: printoutIdentityComparisonSchema.extend({ checkId: z.uuid() }),
});
export type PdfScrapeResult = z.infer<typeof pdfScrapeResultSchema>;

/**
 * POST /api/reports/clinics/{npi}/patients/{id}/device-checks/pdf-scrape, the body the PDF
 * (application/pdf): the proposals, or none and why. Flag-gated as the device check is.
 */
export const pdfScrapeResponseSchema = z.object({ data: pdfScrapeResultSchema });
export type PdfScrapeResponse = z.infer<typeof pdfScrapeResponseSchema>;

export const pdfScrapeResponseContracts = [
  /* @__PURE__ */ defineResponseContract(
    'POST',
    '/api/reports/clinics/:npi/patients/:id/device-checks/pdf-scrape',
    pdfScrapeResponseSchema,
  ),
];
