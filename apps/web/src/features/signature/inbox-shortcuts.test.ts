import { describe, expect, it } from 'vitest';
import { whyShortcutCannotAct } from './inbox-shortcuts';

const provider = { canSign: true, canAcknowledge: true };
const nurse = { canSign: false, canAcknowledge: true };
const open = (status: string, locked = false) => ({ attributes: { status, locked } });

describe('why a signing shortcut cannot act, said rather than silently ignored', () => {
  it.each([
    ['sign', undefined, provider, 'Nothing to sign: no document is open'],
    ['sign', open('signed'), provider, 'Nothing to sign: this document is signed'],
    ['sign', open('acknowledged'), provider, 'Nothing to sign: this document is acknowledged'],
    ['sign', open('unsigned', true), provider, 'Nothing to sign: this document is locked'],
    ['sign', open('signed'), nurse, 'Nothing to acknowledge: this document is signed'],
    ['acknowledge', open('acknowledged'), nurse, 'Nothing to acknowledge: this document is acknowledged'],
    [
      'sign',
      open('unsigned'),
      { canSign: false, canAcknowledge: false },
      'Your role does not sign or acknowledge documents',
    ],
    [
      'acknowledge',
      open('unsigned'),
      { canSign: true, canAcknowledge: false },
      'Your role does not acknowledge documents',
    ],
  ] as const)('%s on %o (%o): %s', (action, document, rights, message) => {
    expect(whyShortcutCannotAct(action, document, rights)).toBe(message);
  });

  it('says nothing when the shortcut can act', () => {
    expect(whyShortcutCannotAct('sign', open('unsigned'), provider)).toBeUndefined();
    expect(whyShortcutCannotAct('sign', open('unsigned'), nurse)).toBeUndefined();
    expect(whyShortcutCannotAct('acknowledge', open('unsigned'), nurse)).toBeUndefined();
  });
});
