import type { UserRole } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { createPermissionChecks } from '../../lib/session/permissions';
import { findHomePath, listNavSections } from './nav-items';

const CLINIC = '1209945553';
const OTHER_CLINIC = '1655154049';

/** The drawer's labels for a user with these roles, at CLINIC (or at no clinic). */
function navFor(roles: UserRole[], clinicNpi: string | undefined = CLINIC, isLocked = false) {
  const { can } = createPermissionChecks({ roles, isLocked }, clinicNpi);
  return listNavSections(can).flatMap((section) => section.items.map((item) => item.label));
}

function homeFor(roles: UserRole[], homePage?: string, clinicNpi: string | undefined = CLINIC) {
  return findHomePath(createPermissionChecks({ roles }, clinicNpi).can, homePage);
}

const at = (role: string, clinicNPI = CLINIC): UserRole => ({ role, clinicNPI });

/** Whoever reads the clinic's documents reads its studies (study:read), one screen per suite. */
const STUDIES = ['Sleep studies', 'Wearable cardiac studies', 'ABPM studies'] as const;
/** Whoever reads the clinic's documents reads its metrics (metrics:read, issue 17). */
const METRICS = 'Clinic metrics';

describe('navigation by permission at the current clinic', () => {
  it.each([
    ['provider', [at('provider')], ['Signature inbox', 'Patients', 'Barcode scanner', ...STUDIES, METRICS]],
    ['nurse', [at('nurse')], ['Signature inbox', 'Patients', 'Barcode scanner', ...STUDIES, METRICS]],
    ['clinic-read-only', [at('clinic-read-only')], ['Signature inbox', 'Patients', ...STUDIES, METRICS]],
    // Device technicians see no documents, but they look after the patients' devices. Whoever keeps a
    // device current (patient:update-device) has the barcode scanner.
    ['device-tech', [at('device-tech')], ['Patients', 'Barcode scanner']],
    [
      'clinic-admin',
      [at('clinic-admin')],
      ['Signature inbox', 'Patients', 'Barcode scanner', ...STUDIES, METRICS, 'Clinics', 'Users'],
    ],
    [
      'irh-admin under *',
      [at('irh-admin', '*')],
      [
        'Signature inbox',
        'Patients',
        'Barcode scanner',
        ...STUDIES,
        METRICS,
        'Escalation queue',
        'Daily report',
        'Clinics',
        'Users',
        'Clinic defaults',
        'E-mail outbox',
        'Device data import log',
      ],
    ],
    [
      'sys-admin under *',
      [at('sys-admin', '*')],
      [
        'Signature inbox',
        'Patients',
        'Barcode scanner',
        ...STUDIES,
        METRICS,
        'Escalation queue',
        'Daily report',
        'Clinics',
        'Users',
        'Clinic defaults',
        'E-mail outbox',
        'Device data import log',
      ],
    ],
    // The defaults are global: an irh-admin role at one clinic does not open them.
    [
      'irh-admin at a clinic',
      [at('irh-admin')],
      [
        'Signature inbox',
        'Patients',
        'Barcode scanner',
        ...STUDIES,
        METRICS,
        'Escalation queue',
        'Daily report',
        'Clinics',
        'Users',
        'Device data import log',
      ],
    ],
    [
      'irh-tech under *',
      [at('irh-tech', '*')],
      [
        'Signature inbox',
        'Patients',
        'Barcode scanner',
        ...STUDIES,
        METRICS,
        'Escalation queue',
        'Device data import log',
      ],
    ],
    [
      'irh-reporting under *',
      [at('irh-reporting', '*')],
      ['Signature inbox', 'Patients', ...STUDIES, METRICS, 'Escalation queue', 'Daily report'],
    ],
    ['irh-finance under *', [at('irh-finance', '*')], []],
    [
      'an alias (physician)',
      [at('physician')],
      ['Signature inbox', 'Patients', 'Barcode scanner', ...STUDIES, METRICS],
    ],
  ] as const)('%s sees %j', (_name, roles, expected) => {
    expect(navFor([...roles])).toEqual(expected);
  });

  it('groups the items in their sections and drops empty sections', () => {
    const { can } = createPermissionChecks({ roles: [at('provider')] }, CLINIC);
    expect(listNavSections(can).map((s) => s.label)).toEqual(['Documents', 'Patients', 'Studies', 'Metrics']);
  });

  it('counts only the roles at the current clinic', () => {
    const roles = [at('provider'), at('clinic-admin', OTHER_CLINIC)];
    expect(navFor(roles, CLINIC)).toEqual([
      'Signature inbox',
      'Patients',
      'Barcode scanner',
      ...STUDIES,
      METRICS,
    ]);
    expect(navFor(roles, OTHER_CLINIC)).toEqual([
      'Signature inbox',
      'Patients',
      'Barcode scanner',
      ...STUDIES,
      METRICS,
      'Clinics',
      'Users',
    ]);
  });

  it('shows nothing to a locked user', () => {
    expect(navFor([at('sys-admin', '*')], CLINIC, true)).toEqual([]);
  });

  it('shows nothing without a current clinic (a role that opens none)', () => {
    expect(navFor([at('irh-finance', '*')], undefined)).toEqual([]);
  });
});

describe("where '/' goes", () => {
  it('to the first page the user may use, or nowhere (the welcome page)', () => {
    expect(homeFor([at('provider')])).toBe('/signature/dashboard/');
    expect(homeFor([at('clinic-admin')])).toBe('/signature/dashboard/');
    expect(homeFor([at('device-tech')])).toBe('/patients');
    expect(homeFor([at('irh-finance', '*')])).toBeUndefined();
  });

  it("to the user's own home page when they may open it", () => {
    expect(homeFor([at('clinic-admin')], '/admin/users')).toBe('/admin/users');
    expect(homeFor([at('clinic-admin')], '/signature/dashboard/?status=any')).toBe(
      '/signature/dashboard/?status=any',
    );
    // Not theirs to open, not a page of the portal, or not on this site: the first page instead.
    expect(homeFor([at('provider')], '/admin/users')).toBe('/signature/dashboard/');
    expect(homeFor([at('provider')], '/no/such/page')).toBe('/signature/dashboard/');
    expect(homeFor([at('provider')], '//evil.example/x')).toBe('/signature/dashboard/');
    expect(homeFor([at('provider')], 'https://evil.example/')).toBe('/signature/dashboard/');
  });
});
