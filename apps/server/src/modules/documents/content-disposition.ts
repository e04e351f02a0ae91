import { toAsciiFilename } from '@portal/domain';

// An unpaired UTF-16 surrogate: encodeURIComponent throws on one.
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * The Content-Disposition of a download (RFC 6266): `filename` in printable ASCII for every client, and
 * `filename*` (RFC 8187) with the exact name in UTF-8 for those that read it, which all current browsers
 * do. A header value must be Latin-1, so the name cannot go in as it is: 'Łukasz' made Node throw
 * ERR_INVALID_CHAR and the download answer 500.
 */
export function attachmentDisposition(filename: string): string {
  const wellFormed = filename.replace(UNPAIRED_SURROGATE, '\uFFFD');
  return `attachment; filename="${toAsciiFilename(wellFormed)}"; filename*=UTF-8''${encodeExtValue(wellFormed)}`;
}

/** Percent-encodes all but RFC 8187's attr-char; encodeURIComponent also leaves ' ( ) * as they are. */
function encodeExtValue(text: string): string {
  return encodeURIComponent(text).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}
