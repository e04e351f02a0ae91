import { BadRequestError, HttpError } from '../../http/errors';

/**
 * Refuses comment metadata larger than `maxBytes` as UTF-8 JSON (COMMENT_METADATA_MAX_BYTES, 16 KB by
 * default) with 413 naming `metadata`: it is stored with every comment and sent with every list of them.
 */
export function assertCommentMetadataFits(
  metadata: Record<string, unknown> | undefined,
  maxBytes: number,
): void {
  if (metadata === undefined) return;
  let size: number;
  try {
    size = Buffer.byteLength(JSON.stringify(metadata), 'utf8');
  } catch {
    // Nested deeper than JSON.stringify's stack allows (a 1 MB body can nest 200,000 levels).
    throw new BadRequestError('The comment metadata is nested too deeply.', [
      { field: 'metadata', message: 'is nested too deeply' },
    ]);
  }
  if (size <= maxBytes) return;
  throw new HttpError(413, `The comment metadata is larger than ${maxBytes} bytes.`, [
    { field: 'metadata', message: `must be at most ${maxBytes} bytes as UTF-8 JSON (it is ${size})` },
  ]);
}
