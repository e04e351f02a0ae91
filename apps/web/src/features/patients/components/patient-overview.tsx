import Box from '@mui/material/Box';
import type { PatientResource } from '@portal/domain';
import { useState } from 'react';
import { ContactDialog } from './contact-dialog';
import { DeviceDialog } from './device-dialog';
import { MedicalInfoDialog } from './medical-info-dialog';
import { OacSection } from './oac-section';
import { ContactSection, DetailsSection, DeviceSection, MedicalSection } from './overview-sections';
import { PatientDetailsDialog } from './patient-details-dialog';

type Editing = 'details' | 'medical' | 'device' | 'contact' | null;

/**
 * The overview tab: the patient's identity (overrides marked), device and its advisories, OAC status and
 * history, medical information and contact. Each part has its own 'Edit' for who may edit it: the device
 * for whoever keeps devices current, the rest for whoever edits the clinical record.
 */
export function PatientOverview({
  patient,
  canEdit,
  canEditDevice,
  canReadAdvisories,
}: {
  patient: PatientResource;
  /** The clinical record: details, OAC, medical information, contact (patient:update). */
  canEdit: boolean;
  /** The device information (patient:update-device). */
  canEditDevice: boolean;
  canReadAdvisories: boolean;
}) {
  const [editing, setEditing] = useState<Editing>(null);
  const edit = (what: Exclude<Editing, null>) => {
    const allowed = what === 'device' ? canEditDevice : canEdit;
    return allowed ? () => setEditing(what) : undefined;
  };
  const close = () => setEditing(null);
  return (
    <>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
          alignItems: 'start',
        }}
      >
        <DetailsSection patient={patient} canEdit={canEdit} onEdit={() => setEditing('details')} />
        <DeviceSection patient={patient} canReadAdvisories={canReadAdvisories} onEdit={edit('device')} />
        <Box sx={{ gridColumn: '1 / -1' }}>
          <OacSection patient={patient} canEdit={canEdit} />
        </Box>
        <MedicalSection patient={patient} onEdit={edit('medical')} />
        <ContactSection patient={patient} onEdit={edit('contact')} />
      </Box>
      {editing === 'details' && <PatientDetailsDialog patient={patient} onClose={close} />}
      {editing === 'medical' && <MedicalInfoDialog patient={patient} onClose={close} />}
      {editing === 'device' && <DeviceDialog patient={patient} onClose={close} />}
      {editing === 'contact' && <ContactDialog patient={patient} onClose={close} />}
    </>
  );
}
