import SearchIcon from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import {
  DOCUMENT_TYPE_LABELS,
  DOCUMENT_TYPES,
  INBOX_VIEW_LABELS,
  INBOX_VIEWS,
  type InboxView,
  SERVICE_LINES,
} from '@portal/domain';
import { useEffect, useState } from 'react';
import type { AssignedToFilter, HiddenFilter, InboxFilters, ServiceLineFilter } from '../inbox-filters';

const ASSIGNED_TO_LABELS: Record<AssignedToFilter, string> = {
  any: 'Anyone',
  me: 'Me',
  unassigned: 'Unassigned',
};
const HIDDEN_LABELS: Record<HiddenFilter, string> = {
  exclude: 'Not shown',
  include: 'Shown too',
  only: 'Only hidden',
};
const SEARCH_DEBOUNCE_MS = 400;

type InboxFilterBarProps = {
  filters: InboxFilters;
  currentClinicNpi: string | undefined;
  currentClinicName: string | undefined;
  onChange: (change: Partial<InboxFilters>) => void;
};

/** The inbox filter: view, service line, type, assigned to, clinic and search; kept in the address. */
export function InboxFilterBar({
  filters,
  currentClinicNpi,
  currentClinicName,
  onChange,
}: InboxFilterBarProps) {
  const [search, setSearch] = useState(filters.search);
  useEffect(() => setSearch(filters.search), [filters.search]);
  useEffect(() => {
    if (search.trim() === filters.search) return;
    const timer = setTimeout(() => onChange({ search: search.trim() }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search, filters.search, onChange]);

  return (
    <Stack
      component="form"
      role="search"
      aria-label="Document filter"
      direction="row"
      onSubmit={(event) => {
        event.preventDefault();
        onChange({ search: search.trim() });
      }}
      sx={{ flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}
    >
      <ToggleButtonGroup
        size="small"
        exclusive
        color="primary"
        value={filters.status}
        aria-label="Status"
        onChange={(_event, value: InboxView | null) => value && onChange({ status: value })}
      >
        {INBOX_VIEWS.map((view) => (
          <ToggleButton key={view} value={view} sx={{ px: 2 }}>
            {INBOX_VIEW_LABELS[view]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <TextField
        select
        size="small"
        label="Service line"
        value={filters.serviceLine}
        onChange={(event) => onChange({ serviceLine: event.target.value as ServiceLineFilter })}
        sx={{ minWidth: 130 }}
      >
        {SERVICE_LINES.map((line) => (
          <MenuItem key={line} value={line}>
            {line === 'any' ? 'Any' : line.toUpperCase()}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Type"
        value={filters.type}
        onChange={(event) => onChange({ type: event.target.value })}
        sx={{ minWidth: 170 }}
      >
        <MenuItem value="any">Any</MenuItem>
        {DOCUMENT_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {DOCUMENT_TYPE_LABELS[type]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Assigned to"
        value={filters.assignedTo}
        onChange={(event) => onChange({ assignedTo: event.target.value as AssignedToFilter })}
        sx={{ minWidth: 140 }}
      >
        {(Object.keys(ASSIGNED_TO_LABELS) as AssignedToFilter[]).map((value) => (
          <MenuItem key={value} value={value}>
            {ASSIGNED_TO_LABELS[value]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Clinic"
        value={filters.clinicNpi}
        onChange={(event) => onChange({ clinicNpi: event.target.value })}
        sx={{ minWidth: 170, maxWidth: 260 }}
      >
        {currentClinicNpi && (
          <MenuItem value={currentClinicNpi}>{currentClinicName ?? currentClinicNpi}</MenuItem>
        )}
        {filters.clinicNpi !== 'any' && filters.clinicNpi !== currentClinicNpi && (
          <MenuItem value={filters.clinicNpi}>NPI {filters.clinicNpi}</MenuItem>
        )}
        <MenuItem value="any">All my clinics</MenuItem>
      </TextField>
      <TextField
        select
        size="small"
        label="Hidden documents"
        value={filters.hidden}
        onChange={(event) => onChange({ hidden: event.target.value as HiddenFilter })}
        sx={{ minWidth: 150 }}
      >
        {(Object.keys(HIDDEN_LABELS) as HiddenFilter[]).map((value) => (
          <MenuItem key={value} value={value}>
            {HIDDEN_LABELS[value]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        label="Search"
        placeholder="Patient, ID or serial"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        sx={{ flex: '1 1 200px', minWidth: 180 }}
        slotProps={{
          htmlInput: { maxLength: 100 },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
    </Stack>
  );
}
