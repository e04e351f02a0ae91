import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

/** A select's option; the value '' (usually 'Not recorded') is shown in italics. */
export type SelectOption = { value: string; label: string };

type FormFieldProps<Field extends string> = {
  /** The form's id: the field's id is `${formId}-${name}`, so the form can focus the first field in error. */
  formId: string;
  name: Field;
  label: string;
  value: string;
  onChange: (name: Field, value: string) => void;
  error?: string | undefined;
  helperText?: string;
  required?: boolean;
  disabled?: boolean;
  type?: 'text' | 'date' | 'email' | 'tel' | 'number';
  /** A select with these options instead of a text field. */
  options?: readonly SelectOption[];
  multiline?: boolean;
  autoFocus?: boolean;
  /** Grid columns out of 6 on wide screens. */
  span?: number;
  inputMode?: 'numeric' | 'decimal' | 'text';
  /** Limits for a number field: the browser's own spin buttons keep to them. */
  min?: number;
  max?: number;
};

/** One field of a form: its label, its problem (which names it) or its hint, in a 6-column grid. */
export function FormField<Field extends string>({
  formId,
  name,
  label,
  value,
  onChange,
  error,
  helperText,
  required,
  disabled,
  type = 'text',
  options,
  multiline,
  autoFocus,
  span = 3,
  inputMode,
  min,
  max,
}: FormFieldProps<Field>) {
  return (
    <TextField
      id={`${formId}-${name}`}
      label={label}
      required={required}
      select={Boolean(options)}
      type={options ? undefined : type}
      size="small"
      value={value}
      onChange={(event) => onChange(name, event.target.value)}
      error={Boolean(error)}
      helperText={error ?? helperText}
      disabled={disabled}
      autoFocus={autoFocus}
      multiline={multiline}
      minRows={multiline ? 2 : undefined}
      maxRows={multiline ? 6 : undefined}
      slotProps={{
        htmlInput: {
          autoComplete: 'off',
          ...(inputMode ? { inputMode } : {}),
          ...(min !== undefined ? { min } : {}),
          ...(max !== undefined ? { max } : {}),
        },
        ...(type === 'date' ? { inputLabel: { shrink: true } } : {}),
      }}
      sx={{ gridColumn: { sm: `span ${span}` } }}
    >
      {options?.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.value === '' ? <em>{option.label}</em> : option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Fields laid out six columns wide on a wide screen, one under another on a narrow one. */
export const FORM_GRID_SX = {
  display: 'grid',
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(6, 1fr)' },
  gap: 2,
} as const;
