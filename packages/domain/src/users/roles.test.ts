import { describe, expect, it } from 'vitest';
import { formatPermissionDeniedMessage, normalizeRole } from './roles';

describe('normalizeRole', () => {
  it.each([
    ['provider', 'provider'],
    ['physician', 'provider'],
    ['ma', 'nurse'],
    ['Clinic Staff', 'nurse'],
    ['dev', 'sys-admin'],
    ['System Admin', 'sys-admin'],
    ['irh-finance', 'irh-finance'],
    ['janitor', undefined],
    ['toString', undefined],
  ])('%s is the role %s', (name, role) => {
    expect(normalizeRole(name)).toBe(role);
  });
});

describe('formatPermissionDeniedMessage', () => {
  it.each([
    ['sign', 'Report', 'Cannot execute "sign" on "Report"'],
    ['provider', '', 'Cannot execute "provider" on ""'],
  ])('denying %s on %j uses the CASL wording', (action, subject, message) => {
    expect(formatPermissionDeniedMessage(action, subject)).toBe(message);
  });
});
