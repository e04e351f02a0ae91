import { Select } from '../../../components/ui/select';
import { getHeaderPopupContainer } from '../../../lib/header-popup-container';
import { useSession } from '../../../lib/session/session-context';
import './clinic-picker.css';

/**
 * The header's clinic picker: only the clinics the user may open. The choice is kept in local storage
 * (see useCurrentClinic). Users whose roles open no clinic see no picker.
 */
export function ClinicPicker() {
  const { allowedClinics, currentClinic, selectClinic } = useSession();
  if (allowedClinics.length === 0 || !currentClinic) return null;
  return (
    <Select
      // Named for assistive technology only: the header has no room for a visible label.
      label="Current clinic"
      hideLabel
      size="small"
      value={currentClinic.npi}
      options={allowedClinics.map((clinic) => ({ value: clinic.npi, label: clinic.name }))}
      onChange={selectClinic}
      renderValue={() => currentClinic.name}
      container={getHeaderPopupContainer}
      className="clinic-picker"
    />
  );
}
