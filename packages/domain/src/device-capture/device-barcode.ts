import { normalizeGroupSeparators, trimGroupSeparators } from './group-separators';
import {
  type BarcodeParseError,
  GS1_SYMBOLOGY_IDENTIFIERS,
  type Gs1ParseResult,
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
 * with '+' (after any symbology identifier or caption asterisk), GS1 when it carries a GS1 symbology
 * identifier or starts with an application identifier (raw or bracketed), and otherwise refused as
 * neither. `today` decides the century of two-digit years.
 */
export function parseDeviceBarcode(raw: string, today: Date = new Date()): DeviceBarcodeParseResult {
  const text = normalizeGroupSeparators(raw);
  if (text.trim() === '') {
    return { ok: false, format: 'unknown', error: { code: 'empty', message: 'The code is empty.' } };
  }
  const { identifier, data } = splitSymbologyIdentifier(text.trimStart());
  if (/^\*?\+/.test(data)) return parseHibc(text, today);
  const afterFnc1 = trimGroupSeparators(data);
  if ((identifier !== null && identifier in GS1_SYMBOLOGY_IDENTIFIERS) || startsWithGs1Ai(afterFnc1)) {
    return parseGs1ElementString(text, today);
  }
  return {
    ok: false,
    format: 'unknown',
    error: { code: 'unknown-format', message: UNKNOWN_DEVICE_BARCODE_MESSAGE },
  };
}
