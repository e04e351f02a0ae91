import SearchIcon from '@mui/icons-material/Search';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { PatientResource } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { findPatientsQueryOptions } from '../../lib/find-patients';
import { formatDevice, formatDobWithAge, formatPatientName } from '../../lib/patient-format';

/** Waits for typing to pause before searching. */
function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/** Finds the clinic's patient by name, patient ID or device serial (the patient search API). */
export function PatientPicker({
  clinicNpi,
  value,
  onChange,
  error,
}: {
  clinicNpi: string;
  value: PatientResource | null;
  onChange: (patient: PatientResource | null) => void;
  error?: string | undefined;
}) {
  const [input, setInput] = useState('');
  const search = useDebounced(input, 250);
  const found = useQuery({ ...findPatientsQueryOptions(clinicNpi, search), meta: { silent: true } });
  const options = search.trim().length >= 2 ? (found.data ?? []) : [];

  return (
    <Autocomplete
      id="device-check-patient"
      value={value}
      onChange={(_event, patient) => onChange(patient)}
      inputValue={input}
      onInputChange={(_event, text) => setInput(text)}
      options={value && !options.some((option) => option.id === value.id) ? [value, ...options] : options}
      filterOptions={(list) => list}
      getOptionLabel={(patient) =>
        `${formatPatientName(patient.attributes)} (${patient.attributes.patientId})`
      }
      isOptionEqualToValue={(option, selected) => option.id === selected.id}
      loading={found.isFetching}
      noOptionsText={search.trim().length < 2 ? 'Type at least two characters' : 'No patient matches'}
      renderOption={({ key, ...props }, patient) => (
        <Box component="li" key={key} {...props}>
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600 }}>{formatPatientName(patient.attributes)}</Typography>
            <Typography variant="body2" color="textSecondary">
              {[
                `ID ${patient.attributes.patientId}`,
                formatDobWithAge(patient.attributes.dob),
                formatDevice(patient.attributes.deviceInfo),
              ]
                .filter(Boolean)
                .join(' · ')}
            </Typography>
          </Box>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Find the patient"
          placeholder="Name, patient ID or device serial"
          required
          error={Boolean(error)}
          helperText={error ? `Patient ${error}` : ' '}
          slotProps={{
            ...params.slotProps,
            input: {
              ...params.slotProps.input,
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon aria-hidden />
                </InputAdornment>
              ),
            },
          }}
        />
      )}
    />
  );
}
