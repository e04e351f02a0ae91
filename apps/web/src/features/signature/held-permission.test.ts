import { describe, expect, it } from 'vitest';
import { holdsPermissionIgnoringFlags } from './held-permission';

const CLINIC = '1209945553';

describe('holdsPermissionIgnoringFlags', () => {
  it('shows the flag-gated comment control to the clinic roles that hold it, and not elsewhere', () => {
    const nurse = [{ role: 'nurse', clinicNPI: CLINIC }];
    expect(holdsPermissionIgnoringFlags(nurse, CLINIC, 'document:comment')).toBe(true);
    expect(holdsPermissionIgnoringFlags(nurse, '1234567893', 'document:comment')).toBe(false);
    expect(holdsPermissionIgnoringFlags(nurse, undefined, 'document:comment')).toBe(false);
  });

  it('does not show it to roles that never hold it', () => {
    const tech = [{ role: 'device-tech', clinicNPI: CLINIC }];
    expect(holdsPermissionIgnoringFlags(tech, CLINIC, 'document:comment')).toBe(false);
  });
});
