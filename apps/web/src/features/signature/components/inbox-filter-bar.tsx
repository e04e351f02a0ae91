import AccountTreeOutlinedIcon from '@mui/icons-material/AccountTreeOutlined';
import CloseIcon from '@mui/icons-material/Close';
import FilterListIcon from '@mui/icons-material/FilterList';
import KeyboardIcon from '@mui/icons-material/KeyboardOutlined';
import SearchIcon from '@mui/icons-material/Search';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import {
  DOCUMENT_TYPE_LABELS,
  DOCUMENT_TYPES,
  INBOX_VIEW_LABELS,
  INBOX_VIEWS,
  type InboxView,
  SERVICE_LINES,
} from '@portal/domain';
import { type ReactNode, type Ref, useEffect, useState } from 'react';
import type {
  AlertFilter,
  AssignedToFilter,
  HiddenFilter,
  InboxFilters,
  ServiceLineFilter,
} from '../inbox-filters';
import { visuallyHidden } from './visually-hidden';

const ASSIGNED_TO_LABELS: Record<AssignedToFilter, string> = {
  any: 'Anyone',
  me: 'Me',
  unassigned: 'Unassigned',
};
const ALERT_LABELS: Record<AlertFilter, string> = {
  any: 'Any',
  high: 'High',
  medium: 'Medium',
  low: 'Low',
};
const HIDDEN_LABELS: Record<HiddenFilter, string> = {
  exclude: 'Not shown',
  include: 'Shown too',
  only: 'Only hidden',
};
const SEARCH_DEBOUNCE_MS = 400;
export const INBOX_SEARCH_ID = 'inbox-search';

type InboxFilterBarProps = {
  filters: InboxFilters;
  currentClinicNpi: string | undefined;
  currentClinicName: string | undefined;
  onChange: (change: Partial<InboxFilters>) => void;
  /** below 900 px the filters fold into one control */
  narrow: boolean;
  /** how many filters differ from the reader's default (the folded control says so) */
  changedCount: number;
  onShowShortcuts: () => void;
  /** the narrow screen's filter dialog is open (the '/' shortcut opens it) */
  dialogOpen: boolean;
  onDialogOpenChange: (open: boolean) => void;
  searchRef?: Ref<HTMLInputElement>;
};

/** The inbox filter: view, service line, type, assigned to, clinic, hidden documents and search; kept in the address. */
export function InboxFilterBar(props: InboxFilterBarProps) {
  const { filters, narrow, changedCount, onDialogOpenChange, dialogOpen } = props;
  if (!narrow) {
    return (
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          px: 2,
          py: 0.75,
          borderBottom: 1,
          borderColor: 'divider',
          bgcolor: 'background.paper',
          flexWrap: 'wrap',
        }}
      >
        <FilterFields
          {...props}
          layout="row"
          trailing={
            <>
              {filters.status === 'todo' && (
                <Tooltip
                  title="Keep each patient's documents together, the most urgent patient first"
                  describeChild
                >
                  <ToggleButton
                    size="small"
                    value="patient"
                    selected={filters.groupByPatient}
                    onChange={() => props.onChange({ groupByPatient: !filters.groupByPatient })}
                    aria-label="Group by patient"
                    sx={{ gap: 0.5, py: 0.5, whiteSpace: 'nowrap' }}
                  >
                    <AccountTreeOutlinedIcon fontSize="small" />
                    Group
                  </ToggleButton>
                </Tooltip>
              )}
              <Tooltip title="Keyboard shortcuts (?)">
                <IconButton size="small" aria-label="Keyboard shortcuts" onClick={props.onShowShortcuts}>
                  <KeyboardIcon />
                </IconButton>
              </Tooltip>
            </>
          }
        />
      </Box>
    );
  }
  const summary = [
    INBOX_VIEW_LABELS[filters.status],
    filters.alert !== 'any' ? `${ALERT_LABELS[filters.alert]} alerts` : undefined,
    filters.overdue ? 'Overdue' : undefined,
    filters.assignedTo === 'me' ? 'Assigned to me' : undefined,
    filters.search ? `“${filters.search}”` : undefined,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <Box sx={{ px: 1, py: 0.75, borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
      <Button
        fullWidth
        variant="outlined"
        onClick={() => onDialogOpenChange(true)}
        startIcon={
          <Badge badgeContent={changedCount} color="primary" aria-hidden="true">
            <FilterListIcon />
          </Badge>
        }
        sx={{ justifyContent: 'flex-start' }}
        aria-haspopup="dialog"
      >
        Filters: {summary}
        {changedCount > 0 && (
          <span style={visuallyHidden}>
            , {changedCount} {changedCount === 1 ? 'filter' : 'filters'} changed
          </span>
        )}
      </Button>
      <Dialog
        open={dialogOpen}
        onClose={() => onDialogOpenChange(false)}
        fullScreen
        aria-labelledby="inbox-filters-title"
      >
        <DialogTitle id="inbox-filters-title">Filter documents</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <FilterFields {...props} layout="column" />
            {filters.status === 'todo' && (
              <ToggleButton
                size="small"
                value="patient"
                selected={filters.groupByPatient}
                onChange={() => props.onChange({ groupByPatient: !filters.groupByPatient })}
                sx={{ gap: 0.5, alignSelf: 'flex-start' }}
              >
                <AccountTreeOutlinedIcon fontSize="small" />
                Group by patient
              </ToggleButton>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={() => onDialogOpenChange(false)}>
            Show documents
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

function FilterFields({
  filters,
  currentClinicNpi,
  currentClinicName,
  onChange,
  layout,
  searchRef,
  trailing,
}: InboxFilterBarProps & { layout: 'row' | 'column'; trailing?: ReactNode }) {
  const [search, setSearch] = useState(filters.search);
  useEffect(() => setSearch(filters.search), [filters.search]);
  useEffect(() => {
    if (search.trim() === filters.search) return;
    const timer = setTimeout(() => onChange({ search: search.trim() }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search, filters.search, onChange]);
  const row = layout === 'row';
  const width = (min: number) => (row ? { minWidth: min } : { width: '100%' });

  return (
    <Box
      component="form"
      role="search"
      aria-label="Document filter"
      onSubmit={(event) => {
        event.preventDefault();
        onChange({ search: search.trim() });
      }}
      sx={{
        display: 'flex',
        flexDirection: row ? 'row' : 'column',
        flexWrap: row ? 'wrap' : 'nowrap',
        gap: row ? 1 : 2,
        alignItems: row ? 'center' : 'stretch',
        flex: row ? '1 1 auto' : undefined,
        minWidth: 0,
      }}
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
          <ToggleButton key={view} value={view} sx={{ px: 1.75, py: 0.5 }}>
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
        sx={width(104)}
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
        sx={width(128)}
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
        sx={width(112)}
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
        sx={row ? { minWidth: 140, maxWidth: 220 } : { width: '100%' }}
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
        sx={width(150)}
      >
        {(Object.keys(HIDDEN_LABELS) as HiddenFilter[]).map((value) => (
          <MenuItem key={value} value={value}>
            {HIDDEN_LABELS[value]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        id={INBOX_SEARCH_ID}
        inputRef={searchRef}
        size="small"
        label="Search"
        placeholder="Patient, ID or serial"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        sx={row ? { flex: '1 1 150px', minWidth: 140, maxWidth: 320 } : { width: '100%' }}
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
      {filters.alert !== 'any' && (
        // One alert level: the header ticker's link to the high alerts sets it. Shown only while it is
        // on, so the usual bar keeps its one row at 1280 px; pressing it shows every level again.
        <Button
          size="small"
          variant="outlined"
          color={filters.alert === 'high' ? 'error' : 'primary'}
          endIcon={<CloseIcon />}
          aria-label={`${ALERT_LABELS[filters.alert]} alerts only: show every alert level`}
          onClick={() => onChange({ alert: 'any' })}
          sx={{ whiteSpace: 'nowrap', alignSelf: row ? undefined : 'flex-start' }}
        >
          {ALERT_LABELS[filters.alert]} alerts only
        </Button>
      )}
      {filters.overdue && (
        // Past their review due time: the header ticker's overdue link sets it, shown only while on.
        <Button
          size="small"
          variant="outlined"
          color="warning"
          endIcon={<CloseIcon />}
          aria-label="Overdue only: show documents whatever their due time"
          onClick={() => onChange({ overdue: false })}
          sx={{ whiteSpace: 'nowrap', alignSelf: row ? undefined : 'flex-start' }}
        >
          Overdue only
        </Button>
      )}
      {trailing}
    </Box>
  );
}
