/** A form field, or a file part (a PDF unless `contentType` says otherwise). */
export type MultipartPart =
  | { name: string; value: string }
  | { name: string; filename: string; bytes: Uint8Array; contentType?: string };

/**
 * A multipart/form-data body, written by hand so a test can put any bytes in a field or a file name.
 * Returns the payload and the content type (with its boundary) to send it with.
 */
export function multipartBody(parts: readonly MultipartPart[]) {
  const boundary = `----portal${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`,
        ),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType ?? 'application/pdf'}\r\n\r\n`,
        ),
        Buffer.from(part.bytes),
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The usual upload: form fields, then one file. */
export function uploadBody(
  fields: Record<string, string>,
  file?: { name: string; bytes: Uint8Array; field?: string },
) {
  return multipartBody([
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    ...(file ? [{ name: file.field ?? 'file', filename: file.name, bytes: file.bytes }] : []),
  ]);
}
