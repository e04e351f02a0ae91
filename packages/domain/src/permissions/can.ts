import { ForbiddenError } from '@casl/ability';
import type { MergedClinicConfiguration } from '../clinics/merge-clinic-configuration';
import { type AbilityUser, defineAbilityFor } from './define-ability-for';
import type { GatedPermissionName } from './permission-gates';
import type { PermissionName } from './permissions';

/**
 * A gated permission cannot be answered without the clinic's merged configuration, so the type
 * demands it; for the others it is optional and unused. (A permission typed as the whole
 * PermissionName union makes it optional; left out, gated grants are then refused.)
 */
type ConfigurationArgument<P extends PermissionName> = P extends GatedPermissionName
  ? [configuration: MergedClinicConfiguration]
  : [configuration?: MergedClinicConfiguration];

/** Whether the user holds a named permission at a clinic (for the web app to show or hide a control). */
export function can<P extends PermissionName>(
  user: AbilityUser,
  permission: P,
  clinicNpi: string,
  ...[configuration]: ConfigurationArgument<P>
): boolean {
  return defineAbilityFor(user, clinicNpi, configuration).can(permission, clinicNpi);
}

/**
 * Throws CASL's ForbiddenError unless the user holds the permission at the clinic. The action is the
 * permission name and the subject the clinic NPI, so the message reads
 * 'Cannot execute "document:sign" on "1234567893"'. Use GLOBAL_CLINIC_NPI when no clinic is involved.
 */
export function assertCan<P extends PermissionName>(
  user: AbilityUser,
  permission: P,
  clinicNpi: string,
  ...[configuration]: ConfigurationArgument<P>
): void {
  ForbiddenError.from(defineAbilityFor(user, clinicNpi, configuration)).throwUnlessCan(permission, clinicNpi);
}
