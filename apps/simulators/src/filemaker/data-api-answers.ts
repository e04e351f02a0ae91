// The bodies the FileMaker Data API answers with. Every answer carries a `messages` array whose `code` is
// a FileMaker error code as text ('0' is success); FileMaker's own errors come with HTTP 500, a missing or
// invalid token with 401 (Claris, "FileMaker Data API Guide": Error responses; FileMaker error codes).

export type FileMakerMessage = { code: string; message: string };
export type DataApiBody = { response: Record<string, unknown>; messages: FileMakerMessage[] };

export const FILEMAKER_CODES = {
  ok: { code: '0', message: 'OK' },
  unknown: { code: '-1', message: 'Unknown error' },
  recordMissing: { code: '101', message: 'Record is missing' },
  layoutMissing: { code: '105', message: 'Layout is missing' },
  invalidAccount: { code: '212', message: 'Invalid user account and/or password; please try again' },
  unableToOpenFile: { code: '802', message: 'Unable to open file' },
  invalidToken: { code: '952', message: 'Invalid FileMaker Data API token (*)' },
} as const satisfies Record<string, FileMakerMessage>;

export function dataApiAnswer(
  message: FileMakerMessage,
  response: Record<string, unknown> = {},
): DataApiBody {
  return { response, messages: [{ code: message.code, message: message.message }] };
}

/**
 * What a failing host answers when the Data API engine itself is down or overloaded: the web server in
 * front of it (Apache, IIS or a proxy) answers with its own page, not with a Data API body.
 */
export function webServerErrorPage(status: number): string {
  const title = status === 502 ? 'Bad Gateway' : status === 503 ? 'Service Unavailable' : 'Gateway Timeout';
  return `<!DOCTYPE html><html><head><title>${status} ${title}</title></head><body><h1>${title}</h1></body></html>`;
}
