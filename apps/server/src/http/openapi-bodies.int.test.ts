import { describe, expect, it } from 'vitest';
import { signedInPortal } from '../test-support/signed-in-portal';

type Document = {
  paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema?: object }> } }>>;
};

/** A body of each media type, enough for the route to read it (whether it is valid is not the point). */
const SAMPLES: Record<string, string> = {
  'application/json': '{}',
  'application/x-www-form-urlencoded': 'a=b',
  'application/pdf': '%PDF-1.4\n%%EOF\n',
  'application/hl7-v2': 'MSH|^~\\&|',
  'text/plain': 'MSH|^~\\&|',
  'multipart/form-data; boundary=x': '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n',
};

// Issue 31 §3: the OpenAPI document declares every request body with its media types, and a route takes
// exactly those: a body of a declared type is read (any answer but 415), a body of another type is a 415.
describe('the OpenAPI document declares every body the API reads', () => {
  const portal = signedInPortal(['sysAdmin', 'provider']);
  const document = async () => (await portal.app.inject({ url: '/api/docs/json' })).json() as Document;

  it('declares the PDF scrape body as application/pdf, the HL7 import as HL7, the uploads as multipart', async () => {
    const { paths } = await document();
    const types = (at: string, method: string) =>
      Object.keys(paths[at]?.[method]?.requestBody?.content ?? {});
    expect(types('/api/reports/clinics/{npi}/patients/{id}/device-checks/pdf-scrape', 'post')).toEqual([
      'application/pdf',
    ]);
    expect(types('/api/device-data/hl7', 'post')).toEqual(['application/hl7-v2', 'text/plain']);
    expect(types('/api/reports', 'post')).toEqual(['multipart/form-data']);
    expect(types('/api/reports/merge-pdfs', 'post')).toEqual(['multipart/form-data']);
    expect(types('/api/realtime/auth', 'post')).toEqual(['application/x-www-form-urlencoded']);
    expect(types('/api/reports/{id}/sign', 'patch')).toEqual(['application/json']);
  });

  it('every route reads a body of each type it declares, and refuses one of any other type with 415', async () => {
    const { paths } = await document();
    const checked: string[] = [];
    for (const [at, operations] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const content = operation.requestBody?.content;
        if (!content) continue;
        const url = at.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
        const sendAs = async (contentType: string, payload: string) => {
          for (const caller of [portal.as.sysAdmin, portal.as.provider]) {
            const response = await caller.inject({
              method: method.toUpperCase() as 'POST',
              url,
              headers: { 'content-type': contentType },
              payload,
            });
            // Refused before the body is read (no access, or a vendor's call without its signature).
            if (response.statusCode === 401 || response.statusCode === 403) continue;
            return response;
          }
          return undefined;
        };
        const declared = Object.keys(content);
        for (const type of declared) {
          const sampleType = type === 'multipart/form-data' ? 'multipart/form-data; boundary=x' : type;
          const response = await sendAs(sampleType, SAMPLES[sampleType] ?? '');
          if (!response) continue;
          expect(response.statusCode, `${method} ${at} as ${type}: ${response.body}`).not.toBe(415);
          expect(response.statusCode, `${method} ${at} as ${type}: ${response.body}`).toBeLessThan(500);
        }
        const undeclared = ['text/csv', 'application/x-www-form-urlencoded', 'application/json'].find(
          (type) => !declared.includes(type),
        ) as string;
        const refused = await sendAs(undeclared, SAMPLES[undeclared] ?? 'a,b');
        if (!refused) continue;
        expect(refused.statusCode, `${method} ${at} as ${undeclared}: ${refused.body}`).toBe(415);
        checked.push(`${method} ${at}`);
      }
    }
    expect(checked.length).toBeGreaterThan(40);
  });
});
