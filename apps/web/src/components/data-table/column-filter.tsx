import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { ColumnFilter } from './types';

type ColumnFilterInputProps = {
  header: string;
  filter: ColumnFilter;
  value: string;
  onChange: (value: string, options?: { immediate?: boolean }) => void;
};

/** The input in a column's filter cell; its accessible name is 'Filter by <column>'. */
export function ColumnFilterInput({ header, filter, value, onChange }: ColumnFilterInputProps) {
  const label = filter.label ?? `Filter by ${header}`;

  if (filter.type === 'select') {
    return (
      <TextField
        select
        size="small"
        fullWidth
        value={value}
        // A choice is deliberate: no need to wait as for typing.
        onChange={(event) => onChange(event.target.value, { immediate: true })}
        slotProps={{
          select: { displayEmpty: true },
          htmlInput: { 'aria-label': label },
        }}
      >
        <MenuItem value="">{filter.allLabel ?? 'All'}</MenuItem>
        {filter.options.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.label}
          </MenuItem>
        ))}
      </TextField>
    );
  }

  if (filter.type === 'date') {
    return (
      <TextField
        type="date"
        size="small"
        fullWidth
        value={value}
        // The browser's date field gives a whole date or nothing: no need to wait as for typing.
        onChange={(event) => onChange(event.target.value, { immediate: true })}
        slotProps={{ htmlInput: { 'aria-label': label } }}
      />
    );
  }

  return (
    <TextField
      size="small"
      fullWidth
      value={value}
      placeholder={filter.placeholder ?? 'Filter…'}
      onChange={(event) => onChange(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') onChange(value, { immediate: true });
      }}
      slotProps={{ htmlInput: { 'aria-label': label } }}
    />
  );
}
