import { createServer, type IncomingHttpHeaders } from 'node:http';
import {
  VENDOR_DELIVERY_ID_HEADER,
  VENDOR_SIGNATURE_HEADER,
  type VendorSignatureCheck,
  verifyVendorSignature,
} from '@portal/domain';
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream } from 'pdf-lib';

// What the vendor simulators' tests share: a stand-in for the portal that takes callbacks and checks their
// signatures, a client of a vendor's API as the portal's would call it, and the text of a PDF's pages.

export type ReceivedCallback = {
  path: string;
  headers: IncomingHttpHeaders;
  rawBody: string;
  body: unknown;
  deliveryId: string | undefined;
  signature: VendorSignatureCheck;
};

/**
 * A tiny portal on a free port that records every callback, checks its signature with the domain's
 * verifyVendorSignature, and answers 200 (or the statuses queued with `answerNext`).
 */
export async function startCallbackReceiver(secret: string) {
  const received: ReceivedCallback[] = [];
  const queuedAnswers: Array<number | 'drop'> = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const answer = queuedAnswers.shift() ?? 200;
      if (answer === 'drop') {
        request.socket.destroy();
        return;
      }
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const signatureHeader = request.headers[VENDOR_SIGNATURE_HEADER];
      const deliveryId = request.headers[VENDOR_DELIVERY_ID_HEADER];
      void verifyVendorSignature(secret, typeof signatureHeader === 'string' ? signatureHeader : undefined, {
        deliveryId: typeof deliveryId === 'string' ? deliveryId : undefined,
        rawBody,
      }).then((signature) => {
        received.push({
          path: request.url ?? '',
          headers: request.headers,
          rawBody,
          body: JSON.parse(rawBody) as unknown,
          deliveryId: typeof deliveryId === 'string' ? deliveryId : undefined,
          signature,
        });
        response.writeHead(answer, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ accepted: answer < 300 }));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string')
    throw new Error('The receiver is not listening on TCP');
  return {
    url: `http://127.0.0.1:${address.port}`,
    /** Every callback that reached the receiver (dropped ones not included), in the order they came. */
    received,
    /** The next callbacks' answers, in order: a status, or 'drop' to close the connection unanswered. */
    answerNext(...answers: Array<number | 'drop'>): void {
      queuedAnswers.push(...answers);
    },
    /** Resolves once `count` callbacks have arrived, or fails after `timeoutMs`. */
    async waitFor(count: number, timeoutMs = 5000): Promise<ReceivedCallback[]> {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`${received.length} of ${count} callbacks arrived`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      return received.slice(0, count);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type CallbackReceiver = Awaited<ReturnType<typeof startCallbackReceiver>>;

/** The portal's side of a vendor API: a token by client credentials, then JSON calls with it. */
export function vendorClient(simulator: { url: string; clientId: string; clientSecret: string }) {
  let token: string | null = null;

  async function requestToken(clientSecret = simulator.clientSecret): Promise<Response> {
    return fetch(`${simulator.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: simulator.clientId,
        client_secret: clientSecret,
      }).toString(),
    });
  }

  async function bearer(): Promise<string> {
    if (token) return token;
    const answer = await requestToken();
    const body = (await answer.json()) as { access_token?: string };
    if (!body.access_token) throw new Error(`No token: ${answer.status}`);
    token = body.access_token;
    return token;
  }

  return {
    requestToken,
    bearer,
    async get(path: string, headers: Record<string, string> = {}): Promise<Response> {
      return fetch(`${simulator.url}${path}`, {
        headers: { authorization: `Bearer ${await bearer()}`, ...headers },
      });
    },
    async post(
      path: string,
      body: unknown,
      { key, contentType = 'application/json' }: { key?: string; contentType?: string } = {},
    ): Promise<Response> {
      return fetch(`${simulator.url}${path}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${await bearer()}`,
          ...(body === undefined ? {} : { 'content-type': contentType }),
          ...(key === undefined ? {} : { 'idempotency-key': key }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    },

    async put(path: string, body: unknown, contentType = 'application/fhir+json'): Promise<Response> {
      return fetch(`${simulator.url}${path}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${await bearer()}`, 'content-type': contentType },
        body: JSON.stringify(body),
      });
    },
  };
}

/** A simulator's control endpoint, as a tester (or curl) calls it. */
export function control(url: string, method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown) {
  return fetch(`${url}/_simulator/${path}`, {
    method,
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
}

/** The text each page of a pdf-lib PDF shows (its hex-encoded Tj strings, one line each). */
export async function pdfPageTexts(bytes: Uint8Array): Promise<string[]> {
  const document = await PDFDocument.load(bytes);
  return document.getPages().map((page) => {
    const contents = page.node.Contents();
    const streams =
      contents instanceof PDFArray
        ? contents.asArray().map((ref) => document.context.lookup(ref))
        : [contents];
    return streams
      .filter((stream): stream is PDFRawStream => stream instanceof PDFRawStream)
      .map((stream) => Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1'))
      .flatMap((operators) =>
        [...operators.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)].map((match) =>
          Buffer.from(match[1] ?? '', 'hex').toString('latin1'),
        ),
      )
      .join('\n');
  });
}

/** A patient and physician as the portal sends them (fictional). */
export const SAMPLE_PATIENT = {
  mrn: 'MRN-204811',
  firstName: 'Ada',
  lastName: 'Quill',
  dob: '1951-06-02',
  gender: 'female',
  phone: '555-0142',
} as const;
export const SAMPLE_PHYSICIAN = { npi: '1679576722', name: 'Dr. Ruth Abernathy' } as const;
