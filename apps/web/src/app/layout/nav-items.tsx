import type { PermissionName } from '@portal/domain';
import type { ReactNode } from 'react';
import {
  ApartmentIcon,
  AssessmentOutlinedIcon,
  BedtimeOutlinedIcon,
  DrawIcon,
  ForwardToInboxIcon,
  GroupIcon,
  InsightsOutlinedIcon,
  MonitorHeartOutlinedIcon,
  NotificationImportantOutlinedIcon,
  PeopleAltOutlinedIcon,
  QrCodeScannerIcon,
  SpeedOutlinedIcon,
  TuneIcon,
  WatchOutlinedIcon,
} from '../../components/ui/icons';
import { isSafeReturnPath } from '../../lib/auth/return-to';
import { SIGNATURE_DASHBOARD_PATH } from '../../lib/constants';
import { DAILY_REPORT_PATH, ESCALATION_QUEUE_PATH, METRICS_PATH } from '../../lib/metrics-paths';
import { BARCODE_SCANNER_PATH, DEVICE_CHECK_PATH, PATIENTS_PATH } from '../../lib/patients';
import { STUDIES_PAGE_TITLES, STUDIES_PATHS } from '../../lib/study-paths';

export const CLINICS_PATH = '/admin/clinics';
export const USERS_PATH = '/admin/users';
export const DEFAULTS_PATH = '/admin/defaults';
export const EMAIL_OUTBOX_PATH = '/admin/email-outbox';
export const DEVICE_DATA_IMPORT_LOG_PATH = '/admin/device-data-import';

export type NavItem = {
  label: string;
  to: string;
  icon: ReactNode;
  /** Shown, and the page opened, only with this permission at the current clinic. */
  permission: PermissionName;
};
export type NavSection = { label: string; items: NavItem[] };

/** Every page of the drawer, in order; the first one a user may use is their start page. */
export const NAV_SECTIONS: readonly NavSection[] = [
  {
    label: 'Documents',
    items: [
      {
        label: 'Signature inbox',
        to: SIGNATURE_DASHBOARD_PATH,
        icon: <DrawIcon />,
        permission: 'document:read',
      },
    ],
  },
  {
    label: 'Patients',
    items: [
      // Device technicians read patients though they see no documents: this is their start page.
      { label: 'Patients', to: PATIENTS_PATH, icon: <PeopleAltOutlinedIcon />, permission: 'patient:read' },
      // Flag-gated: the in-person device check flag of the current clinic.
      {
        label: 'Device check',
        to: DEVICE_CHECK_PATH,
        icon: <MonitorHeartOutlinedIcon />,
        permission: 'device-check:create',
      },
      {
        label: 'Barcode scanner',
        to: BARCODE_SCANNER_PATH,
        icon: <QrCodeScannerIcon />,
        permission: 'patient:update-device',
      },
    ],
  },
  {
    // Issue 16: whoever reads the clinic's documents sees its studies, one screen per suite.
    label: 'Studies',
    items: [
      {
        label: STUDIES_PAGE_TITLES.sleep,
        to: STUDIES_PATHS.sleep,
        icon: <BedtimeOutlinedIcon />,
        permission: 'study:read',
      },
      {
        label: STUDIES_PAGE_TITLES.wcd,
        to: STUDIES_PATHS.wcd,
        icon: <WatchOutlinedIcon />,
        permission: 'study:read',
      },
      {
        label: STUDIES_PAGE_TITLES.abpm,
        to: STUDIES_PATHS.abpm,
        icon: <SpeedOutlinedIcon />,
        permission: 'study:read',
      },
    ],
  },
  {
    // Issue 17: the clinic's figures for whoever reads its documents (and the finance staff); the escalation
    // queue and the daily report for the provider company.
    label: 'Metrics',
    items: [
      {
        label: 'Clinic metrics',
        to: METRICS_PATH,
        icon: <InsightsOutlinedIcon />,
        permission: 'metrics:read',
      },
      {
        label: 'Escalation queue',
        to: ESCALATION_QUEUE_PATH,
        icon: <NotificationImportantOutlinedIcon />,
        permission: 'metrics:read-escalations',
      },
      {
        label: 'Daily report',
        to: DAILY_REPORT_PATH,
        icon: <AssessmentOutlinedIcon />,
        permission: 'metrics:read-daily-report',
      },
    ],
  },
  {
    label: 'Administration',
    items: [
      { label: 'Clinics', to: CLINICS_PATH, icon: <ApartmentIcon />, permission: 'clinic:update-settings' },
      { label: 'Users', to: USERS_PATH, icon: <GroupIcon />, permission: 'user:create' },
      // A global permission: only roles held under '*' count, at whichever clinic is current, so
      // can() here answers as canAnywhere() does.
      { label: 'Clinic defaults', to: DEFAULTS_PATH, icon: <TuneIcon />, permission: 'defaults:manage' },
      // Global too: provider-company administrators see the e-mails the portal made.
      {
        label: 'E-mail outbox',
        to: EMAIL_OUTBOX_PATH,
        icon: <ForwardToInboxIcon />,
        permission: 'notification:send',
      },
      // Provider-company staff who import device data: each HL7 message, its ACK and warnings.
      {
        label: 'Device data import log',
        to: DEVICE_DATA_IMPORT_LOG_PATH,
        icon: <MonitorHeartOutlinedIcon />,
        permission: 'device-data:import',
      },
    ],
  },
];

/** The drawer for one user: the items they may use, sections without any left out. */
export function listNavSections(can: (permission: PermissionName) => boolean): NavSection[] {
  return NAV_SECTIONS.map((section) => ({
    ...section,
    items: section.items.filter((item) => can(item.permission)),
  })).filter((section) => section.items.length > 0);
}

/**
 * Where '/' takes a user: their own home page when it is a page of this portal they may open,
 * otherwise the first page of the drawer they may use, or undefined when there is none (the welcome page).
 */
export function findHomePath(
  can: (permission: PermissionName) => boolean,
  homePage?: string | null,
): string | undefined {
  const items = listNavSections(can).flatMap((section) => section.items);
  if (homePage && isSafeReturnPath(homePage)) {
    const path = homePage.split(/[?#]/)[0] ?? '';
    if (items.some((item) => item.to === path || item.to === `${path}/`)) return homePage;
  }
  return items[0]?.to;
}
