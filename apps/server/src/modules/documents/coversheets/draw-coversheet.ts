import type { PDFDocument } from 'pdf-lib';
import type { CoversheetInput } from './coversheet-input';
import { drawBillingCoversheet } from './draw-billing-coversheet';
import { drawLongitudinalCoversheet } from './draw-longitudinal-coversheet';

/**
 * The coversheet page of its type, as a one-page document not yet saved: the download appends the
 * report's pages to it and saves once (saving it alone and merging would compress its fonts twice).
 */
export function drawCoversheet(input: CoversheetInput, generatedAt: Date): Promise<PDFDocument> {
  return input.type === 'billing'
    ? drawBillingCoversheet(input, generatedAt)
    : drawLongitudinalCoversheet(input, generatedAt);
}
