import { buildClinicConfiguration, type UserRole } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { createPermissionChecks } from './permissions';

const CLINIC = '1209945553';
const at = (role: string, clinicNPI = CLINIC): UserRole => ({ role, clinicNPI });

const clinicWith = buildClinicConfiguration;

describe('permissions at the current clinic follow its flags, as the server decides them', () => {
  it('comments show only where the clinic has switched comments on', () => {
    const nurse = { roles: [at('nurse')] };
    expect(createPermissionChecks(nurse, CLINIC, clinicWith()).can('document:comment')).toBe(false);
    expect(
      createPermissionChecks(nurse, CLINIC, clinicWith({ flags: { comments: true } })).can(
        'document:comment',
      ),
    ).toBe(true);
  });

  it('bulk signing needs the bulkESigning flag and the enable-bulk-signing setting (both on by default)', () => {
    const provider = { roles: [at('provider')] };
    expect(createPermissionChecks(provider, CLINIC, clinicWith()).can('document:bulk-sign')).toBe(true);
    expect(
      createPermissionChecks(provider, CLINIC, clinicWith({ flags: { bulkESigning: false } })).can(
        'document:bulk-sign',
      ),
    ).toBe(false);
    expect(
      createPermissionChecks(provider, CLINIC, clinicWith({ settings: { enableBulkSigning: false } })).can(
        'document:bulk-sign',
      ),
    ).toBe(false);
  });

  it('a clinic admin may trash only with clinicAdminTrash on; provider-company admins always', () => {
    const clinicAdmin = { roles: [at('clinic-admin')] };
    const irhAdmin = { roles: [at('irh-admin', '*')] };
    expect(createPermissionChecks(clinicAdmin, CLINIC, clinicWith()).can('document:trash')).toBe(false);
    expect(
      createPermissionChecks(clinicAdmin, CLINIC, clinicWith({ flags: { clinicAdminTrash: true } })).can(
        'document:trash',
      ),
    ).toBe(true);
    expect(createPermissionChecks(irhAdmin, CLINIC, clinicWith()).can('document:trash')).toBe(true);
  });

  it('refuses every gated permission while the configuration is not loaded, and keeps the others', () => {
    const checks = createPermissionChecks({ roles: [at('provider')] }, CLINIC, undefined);
    expect(checks.can('document:bulk-sign')).toBe(false);
    expect(checks.can('document:comment')).toBe(false);
    expect(checks.can('document:sign')).toBe(true);
  });

  it('the multi-select menu: nurses while nurseMultiSelect is on, internal users always, not providers', () => {
    const nurse = { roles: [at('nurse')] };
    expect(createPermissionChecks(nurse, CLINIC, clinicWith()).canUseMultiSelectMenu()).toBe(false);
    expect(
      createPermissionChecks(
        nurse,
        CLINIC,
        clinicWith({ flags: { nurseMultiSelect: true } }),
      ).canUseMultiSelectMenu(),
    ).toBe(true);
    expect(createPermissionChecks({ roles: [at('irh-tech', '*')] }, CLINIC).canUseMultiSelectMenu()).toBe(
      true,
    );
    expect(
      createPermissionChecks(
        { roles: [at('provider')] },
        CLINIC,
        clinicWith({ flags: { nurseMultiSelect: true } }),
      ).canUseMultiSelectMenu(),
    ).toBe(false);
    expect(
      createPermissionChecks(
        { roles: [at('nurse')], isLocked: true },
        CLINIC,
        clinicWith({ flags: { nurseMultiSelect: true } }),
      ).canUseMultiSelectMenu(),
    ).toBe(false);
  });

  it('a locked user holds nothing, flags or not', () => {
    const checks = createPermissionChecks(
      { roles: [at('provider')], isLocked: true },
      CLINIC,
      clinicWith({ flags: { comments: true } }),
    );
    expect(checks.can('document:comment')).toBe(false);
    expect(checks.can('document:sign')).toBe(false);
  });
});
