// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { rememberSignedOutReason, takeSignedOutParams } from './signed-out-reason';

afterEach(() => sessionStorage.clear());

describe('why the portal signed the user out, carried to the next sign-in page', () => {
  it('is taken once, as the signed_out parameter', () => {
    rememberSignedOutReason('idle');
    expect(takeSignedOutParams()).toEqual({ signed_out: 'idle' });
    expect(takeSignedOutParams()).toBeUndefined();
  });

  it('ignores anything it does not know', () => {
    sessionStorage.setItem('portal.signedOutReason', '<script>');
    expect(takeSignedOutParams()).toBeUndefined();
  });
});
