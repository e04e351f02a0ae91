import {
  DOCUMENT_TYPE_LABELS,
  DOCUMENT_TYPES,
  INBOX_VIEW_LABELS,
  INBOX_VIEWS,
  SERVICE_LINES,
} from '@portal/domain';
import { type ReactNode, type Ref, useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { AccountTreeOutlinedIcon, CloseIcon, SearchIcon } from '../../../components/ui/icons';
import { Select, type SelectOption } from '../../../components/ui/select';
import { TextField } from '../../../components/ui/text-field';
import {
  ToggleButton,
  ToggleButtonGroup,
  type ToggleButtonProps,
} from '../../../components/ui/toggle-button';
import type {
  AlertFilter,
  AssignedToFilter,
  HiddenFilter,
  InboxFilters,
  ServiceLineFilter,
} from '../inbox-filters';
import './inbox-filter-fields.css';

export const INBOX_SEARCH_ID = 'inbox-search';
const SEARCH_DEBOUNCE_MS = 400;

export const ALERT_LABELS: Record<AlertFilter, string> = {
  any: 'Any',
  high: 'High',
  medium: 'Medium',
  low: 'Low',
};
const SERVICE_LINE_OPTIONS: SelectOption<ServiceLineFilter>[] = SERVICE_LINES.map((line) => ({
  value: line,
  label: line === 'any' ? 'Any' : line.toUpperCase(),
}));
const TYPE_OPTIONS: SelectOption<string>[] = [
  { value: 'any', label: 'Any' },
  ...DOCUMENT_TYPES.map((type) => ({ value: type, label: DOCUMENT_TYPE_LABELS[type] })),
];
const ASSIGNED_TO_OPTIONS: SelectOption<AssignedToFilter>[] = [
  { value: 'any', label: 'Anyone' },
  { value: 'me', label: 'Me' },
  { value: 'unassigned', label: 'Unassigned' },
];
const HIDDEN_OPTIONS: SelectOption<HiddenFilter>[] = [
  { value: 'exclude', label: 'Not shown' },
  { value: 'include', label: 'Shown too' },
  { value: 'only', label: 'Only hidden' },
];

export type FilterFieldsProps = {
  filters: InboxFilters;
  currentClinicNpi: string | undefined;
  currentClinicName: string | undefined;
  onChange: (change: Partial<InboxFilters>) => void;
  searchRef?: Ref<HTMLInputElement>;
  /** a row in the filter bar, or a column in the narrow screen's filter dialog */
  layout: 'row' | 'column';
  /** the row's own controls after the fields */
  trailing?: ReactNode;
};

/**
 * The filter's fields: view, service line, type, assigned to, clinic, hidden documents and search (debounced),
 * and the one-off alert and overdue filters while they are on. Drawn with the plain-CSS kit, so the filter bar
 * of the first screen needs no MUI (issue 11 §10).
 */
export function FilterFields({
  filters,
  currentClinicNpi,
  currentClinicName,
  onChange,
  layout,
  searchRef,
  trailing,
}: FilterFieldsProps) {
  const [search, setSearch] = useState(filters.search);
  useEffect(() => setSearch(filters.search), [filters.search]);
  useEffect(() => {
    if (search.trim() === filters.search) return;
    const timer = setTimeout(() => onChange({ search: search.trim() }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search, filters.search, onChange]);

  const clinicOptions: SelectOption<string>[] = [
    ...(currentClinicNpi ? [{ value: currentClinicNpi, label: currentClinicName ?? currentClinicNpi }] : []),
    ...(filters.clinicNpi !== 'any' && filters.clinicNpi !== currentClinicNpi
      ? [{ value: filters.clinicNpi, label: `NPI ${filters.clinicNpi}` }]
      : []),
    { value: 'any', label: 'All my clinics' },
  ];
  const column = layout === 'column';

  return (
    // biome-ignore lint/a11y/useSemanticElements: the form is the landmark (Enter submits the search); a <search> around it would be a second element for the same region
    <form
      role="search"
      aria-label="Document filter"
      onSubmit={(event) => {
        event.preventDefault();
        onChange({ search: search.trim() });
      }}
      className={`inbox-filter-fields inbox-filter-fields--${layout}`}
    >
      <ToggleButtonGroup size="small" aria-label="Status">
        {INBOX_VIEWS.map((view) => (
          <ToggleButton
            key={view}
            selected={filters.status === view}
            // One view is always on: pressing the selected one again changes nothing.
            onChange={() => {
              if (view !== filters.status) onChange({ status: view });
            }}
            className="inbox-filter-fields__view"
          >
            {INBOX_VIEW_LABELS[view]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Select
        size="small"
        label="Service line"
        value={filters.serviceLine}
        options={SERVICE_LINE_OPTIONS}
        onChange={(serviceLine) => onChange({ serviceLine })}
        fullWidth={column}
        className="inbox-filter-fields__service-line"
      />
      <Select
        size="small"
        label="Type"
        value={filters.type}
        options={TYPE_OPTIONS}
        onChange={(type) => onChange({ type })}
        fullWidth={column}
        className="inbox-filter-fields__type"
      />
      <Select
        size="small"
        label="Assigned to"
        value={filters.assignedTo}
        options={ASSIGNED_TO_OPTIONS}
        onChange={(assignedTo) => onChange({ assignedTo })}
        fullWidth={column}
        className="inbox-filter-fields__assigned-to"
      />
      <Select
        size="small"
        label="Clinic"
        value={filters.clinicNpi}
        options={clinicOptions}
        onChange={(clinicNpi) => onChange({ clinicNpi })}
        fullWidth={column}
        className="inbox-filter-fields__clinic"
      />
      <Select
        size="small"
        label="Hidden documents"
        value={filters.hidden}
        options={HIDDEN_OPTIONS}
        onChange={(hidden) => onChange({ hidden })}
        fullWidth={column}
        className="inbox-filter-fields__hidden"
      />
      <TextField
        id={INBOX_SEARCH_ID}
        inputRef={searchRef}
        size="small"
        label="Search"
        placeholder="Patient, ID or serial"
        value={search}
        maxLength={100}
        onChange={(event) => setSearch(event.target.value)}
        startAdornment={<SearchIcon fontSize="small" />}
        fullWidth={column}
        className="inbox-filter-fields__search"
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
          className="inbox-filter-fields__chip-button"
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
          className="inbox-filter-fields__chip-button"
        >
          Overdue only
        </Button>
      )}
      {trailing}
    </form>
  );
}

type GroupByPatientToggleProps = Pick<FilterFieldsProps, 'filters' | 'onChange'> &
  Omit<ToggleButtonProps, 'selected' | 'onChange' | 'children'> & { compact?: boolean };

/**
 * 'Group by patient' (the To do view only): the filter bar's compact one says 'Group' beside its icon and has
 * the full name as its label; the dialog's says it all. Other props (a Tooltip's handlers and ref) go on the
 * button.
 */
export function GroupByPatientToggle({
  filters,
  onChange,
  compact = false,
  className,
  ...rest
}: GroupByPatientToggleProps) {
  return (
    <ToggleButton
      {...rest}
      size="small"
      selected={filters.groupByPatient}
      onChange={() => onChange({ groupByPatient: !filters.groupByPatient })}
      aria-label={compact ? 'Group by patient' : undefined}
      className={[
        'inbox-filter-fields__group',
        `inbox-filter-fields__group--${compact ? 'compact' : 'full'}`,
        className,
      ]
        .filter(Boolean)
        .join(' ')}
    >
      <AccountTreeOutlinedIcon fontSize="small" />
      {compact ? 'Group' : 'Group by patient'}
    </ToggleButton>
  );
}
