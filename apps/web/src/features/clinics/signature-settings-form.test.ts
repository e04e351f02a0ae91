import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import {
  type SignatureSettingsValues,
  toSignatureSettingsChange,
  toSignatureSettingsErrors,
  validateSignatureSettings,
} from './signature-settings-form';

const values: SignatureSettingsValues = {
  crmPrompts: 'Report reviewed.\n\n  Device OK. ',
  wcdPrompts: 'Report reviewed.',
  sleepPrompts: 'Report reviewed.',
  abpmPrompts: 'Report reviewed.',
  rpmPrompts: 'Report reviewed.',
  noIssuesNote: ' Report reviewed. ',
  quickSignNote: 'Report reviewed.',
  bulkSignNote: 'Report reviewed.',
  rpmSelectByDos: false,
  bulkSignEnabled: true,
};

describe('the signature settings form', () => {
  it('sends prompt lists without blank lines and trimmed notes', () => {
    expect(toSignatureSettingsChange(values)).toMatchObject({
      crmPrompts: ['Report reviewed.', 'Device OK.'],
      noIssuesNote: 'Report reviewed.',
      bulkSignEnabled: true,
    });
  });

  it('checks the lengths the server allows', () => {
    expect(validateSignatureSettings(values)).toEqual({});
    expect(
      validateSignatureSettings({ ...values, wcdPrompts: 'x'.repeat(501), quickSignNote: 'y'.repeat(901) }),
    ).toEqual({
      wcdPrompts: 'Keep each prompt to 500 characters.',
      quickSignNote: 'Keep the note to 900 characters.',
    });
  });

  it("puts the server's problems beside their fields", () => {
    const error = new ApiError({
      statusCode: 400,
      reason: 'Bad Request',
      message: 'Invalid body: crmPrompts.0',
      details: [{ field: 'crmPrompts.0', message: 'must not be empty' }],
    });
    expect(toSignatureSettingsErrors(error)).toEqual({
      fields: { crmPrompts: 'CRM prompts must not be empty.' },
      other: [],
    });
  });
});
