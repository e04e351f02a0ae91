import { normalizeGroupSeparators, trimGroupSeparators } from './group-separators';
import { looksLikeDigitalLink, parseGs1DigitalLink } from './gs1-digital-link';
import {
  type BarcodeParseError,
  GS1_SYMBOLOGY_IDENTIFIERS,
  type Gs1ParseResult,
  GTIN_SYMBOLOGY_IDENTIFIERS,
  isBareGtin,
  parseGs1ElementString,
  startsWithGs1Ai,
} from './gs1-element-string';
import { type HibcParseResult, parseHibc } from './hibc';
import { splitSymbologyIdentifier } from './symbology-identifier';

export const UNKNOWN_DEVICE_BARCODE_MESSAGE = 'This is not a GS1 or HIBC device code.';

export type UnknownBarcodeResult = {
  ok: false;
  format: 'unknown';
  error: BarcodeParseError<'unknown-format' | 'empty'>;
};
export type DeviceBarcodeParseResult = Gs1ParseResult | HibcParseResult | UnknownBarcodeResult;

/**
 * Reads a scanned or pasted device code: its group separators normalised, then HIBC when the data starts
 * with '+' (after any symbology identifier or caption asterisk), a GS1 Digital Link URI when it is an
 * http(s) address, GS1 when it carries a GS1 or EAN/UPC symbology identifier, is a bare GTIN or starts with
 * an application identifier (raw or bracketed), and otherwise refused as neither. `today` decides the century of two-digit years.
 */
export function parseDeviceBarcode(raw: string, today: Date = new Date()): DeviceBarcodeParseResult {
  const text = normalizeGroupSeparators(raw);
  if (text.trim() === '') {
    return { ok: false, format: 'unknown', error: { code: 'empty', message: 'The code is empty.' } };
  }
  const { identifier, data } = splitSymbologyIdentifier(text.trimStart());
  if (/^\*?\+/.test(data)) return parseHibc(text, today);
  if (looksLikeDigitalLink(data)) {
    const link = parseGs1DigitalLink(data, today);
    // A web address that is not a GS1 Digital Link is simply not a device code.
    if (link.ok || link.error.code !== 'unknown-ai') return link;
  }
  const afterFnc1 = trimGroupSeparators(data);
  if (
    (identifier !== null &&
      (identifier in GS1_SYMBOLOGY_IDENTIFIERS || identifier in GTIN_SYMBOLOGY_IDENTIFIERS)) ||
    isBareGtin(afterFnc1.trim()) ||
    startsWithGs1Ai(afterFnc1)
  ) {
    return parseGs1ElementString(text, today);
  }
  return {
    ok: false,
    format: 'unknown',
    error: { code: 'unknown-format', message: UNKNOWN_DEVICE_BARCODE_MESSAGE },
  };
}
