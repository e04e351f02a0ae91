import MenuItem from '@mui/material/MenuItem';
import { alpha } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import { useId } from 'react';
import { getHeaderPopupContainer } from '../../../lib/header-popup-container';
import { useSession } from '../../../lib/session/session-context';

/**
 * The header's clinic picker: only the clinics the user may open. The choice is kept in local storage
 * (see useCurrentClinic). Users whose roles open no clinic see no picker.
 */
export function ClinicPicker() {
  const { allowedClinics, currentClinic, selectClinic } = useSession();
  const id = useId();
  if (allowedClinics.length === 0 || !currentClinic) return null;
  return (
    <TextField
      id={id}
      select
      size="small"
      value={currentClinic.npi}
      onChange={(event) => selectClinic(event.target.value)}
      slotProps={{
        htmlInput: { 'aria-label': 'Current clinic' },
        select: {
          MenuProps: {
            container: getHeaderPopupContainer,
            slotProps: { paper: { sx: { maxHeight: 420 } } },
          },
          renderValue: () => currentClinic.name,
        },
      }}
      sx={(t) => ({
        // Takes the room the header has left on narrow screens, up to 300 px.
        flex: '0 1 300px',
        minWidth: 120,
        '& .MuiInputBase-root': {
          color: 'common.white',
          bgcolor: alpha(t.palette.common.white, 0.12),
          '&:hover': { bgcolor: alpha(t.palette.common.white, 0.18) },
        },
        '& .MuiOutlinedInput-notchedOutline': { borderColor: alpha(t.palette.common.white, 0.4) },
        '& .MuiInputBase-root:hover .MuiOutlinedInput-notchedOutline': { borderColor: 'common.white' },
        '& .MuiInputBase-root.Mui-focused .MuiOutlinedInput-notchedOutline': { borderColor: 'common.white' },
        '& .MuiSelect-icon': { color: 'common.white' },
      })}
    >
      {allowedClinics.map((clinic) => (
        <MenuItem key={clinic.npi} value={clinic.npi} sx={{ display: 'block' }}>
          {clinic.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
