import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildEmrDocumentBundle, type EmrDocumentFiling } from './emr-fhir-bundle';

// The transaction Bundle a signed document is filed with, field by field as VENDOR_PROTOCOLS.md gives it.

const pdf = new Uint8Array(Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n'));
const SHA256 = 'a3f1c9e07b2d4e6f8a1b3c5d7e9f0a2b4c6d8e0f1a3b5c7d9e1f2a4b6c8d0e2f';

const filing: EmrDocumentFiling = {
  documentId: '5f0c8a2e-9b1d-4c3e-8f7a-6d5e4c3b2a10',
  signedSha256: SHA256,
  documentTypeLabel: 'Home sleep test',
  title: 'Home sleep test — 2026-03-04',
  patient: { mrn: 'P900101', firstName: 'Marguerite', lastName: 'Fennimore', dob: '1946-03-14' },
  signedAt: '2026-03-05T14:22:10.000Z',
  signer: { name: 'Dr. Amara Okafor', npi: '1679576722' },
  interpreting: { name: 'Dr. Lucien Moreau', npi: '1245319599' },
  referring: { name: 'Dr. Hana Sato', npi: null },
  pdf,
};

const NPI = 'http://hl7.org/fhir/sid/us-npi';
const IDENTIFIER = `${filing.documentId}.${SHA256}`;

describe('the transaction Bundle of a signed document', () => {
  it('is a Binary with the PDF, and a DocumentReference created only if none has its identifier', () => {
    const bundle = buildEmrDocumentBundle(filing);
    const binaryUrl = bundle.entry[0].fullUrl;
    expect(binaryUrl).toMatch(
      /^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(bundle).toEqual({
      resourceType: 'Bundle',
      type: 'transaction',
      entry: [
        {
          fullUrl: binaryUrl,
          resource: {
            resourceType: 'Binary',
            contentType: 'application/pdf',
            data: Buffer.from(pdf).toString('base64'),
          },
          request: { method: 'POST', url: 'Binary' },
        },
        {
          resource: {
            resourceType: 'DocumentReference',
            status: 'current',
            identifier: [{ system: 'urn:portal:document', value: IDENTIFIER }],
            type: { text: 'Home sleep test' },
            subject: {
              identifier: {
                type: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0203', code: 'MR' }] },
                value: 'P900101',
              },
              display: 'Marguerite Fennimore',
            },
            date: '2026-03-05T14:22:10.000Z',
            author: [
              {
                type: 'Practitioner',
                identifier: { system: NPI, value: '1245319599' },
                display: 'Dr. Lucien Moreau',
              },
            ],
            authenticator: {
              type: 'Practitioner',
              identifier: { system: NPI, value: '1679576722' },
              display: 'Dr. Amara Okafor',
            },
            context: { related: [{ type: 'Practitioner', display: 'Dr. Hana Sato' }] },
            content: [
              {
                attachment: {
                  contentType: 'application/pdf',
                  url: binaryUrl,
                  title: 'Home sleep test — 2026-03-04',
                  size: pdf.byteLength,
                  hash: createHash('sha1').update(pdf).digest('base64'),
                },
              },
            ],
          },
          request: {
            method: 'POST',
            url: 'DocumentReference',
            ifNoneExist: `identifier=urn:portal:document|${IDENTIFIER}`,
          },
        },
      ],
    });
  });

  it('carries the PDF byte for byte, with its size and SHA-1 as FHIR defines them', () => {
    const [binary, documentReference] = buildEmrDocumentBundle(filing).entry;
    expect(Buffer.from(binary.resource.data, 'base64').equals(Buffer.from(pdf))).toBe(true);
    const { attachment } = documentReference.resource.content[0];
    expect(attachment.size).toBe(pdf.byteLength);
    expect(Buffer.from(attachment.hash, 'base64')).toHaveLength(20);
  });

  it('reads a PDF that is a view into a larger buffer, not the whole buffer', () => {
    const larger = new Uint8Array(
      Buffer.concat([Buffer.from('junk'), Buffer.from(pdf), Buffer.from('junk')]),
    );
    const view = larger.subarray(4, 4 + pdf.byteLength);
    const [binary] = buildEmrDocumentBundle({ ...filing, pdf: view }).entry;
    expect(binary.resource.data).toBe(Buffer.from(pdf).toString('base64'));
  });

  it('is the same body each time the same signed version is filed, and another for another version', () => {
    expect(JSON.stringify(buildEmrDocumentBundle(filing))).toBe(
      JSON.stringify(buildEmrDocumentBundle(filing)),
    );
    const resigned = buildEmrDocumentBundle({ ...filing, signedSha256: 'b'.repeat(64) });
    expect(resigned.entry[0].fullUrl).not.toBe(buildEmrDocumentBundle(filing).entry[0].fullUrl);
    expect(resigned.entry[1].request.ifNoneExist).toBe(
      `identifier=urn:portal:document|${filing.documentId}.${'b'.repeat(64)}`,
    );
  });

  it('leaves out the author and the context when there is no interpreting or referring physician', () => {
    const { resource } = buildEmrDocumentBundle({
      ...filing,
      interpreting: null,
      referring: null,
      signer: { name: 'Dr. Amara Okafor', npi: null },
    }).entry[1];
    expect(resource).not.toHaveProperty('author');
    expect(resource).not.toHaveProperty('context');
    expect(resource.authenticator).toEqual({ type: 'Practitioner', display: 'Dr. Amara Okafor' });
  });
});
