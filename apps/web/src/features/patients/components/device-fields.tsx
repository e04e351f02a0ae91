import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  DEVICE_TYPES,
  type DeviceCatalogEntry,
  MANUFACTURER_CODES,
  type ManufacturerCode,
  searchCatalogModels,
} from '@portal/domain';
import { useMemo } from 'react';
import { useDeviceCatalog } from '../../../lib/device-catalog';
import { manufacturerName } from '../../../lib/patient-format';
import { DEVICE_LABELS, type DeviceField, type DeviceValues, type FormErrors } from '../patient-form';

const MODEL_SUGGESTIONS = 12;

type DeviceFieldsProps = {
  values: DeviceValues;
  errors: FormErrors<DeviceField>;
  onChange: (changes: Partial<DeviceValues>) => void;
  disabled: boolean;
  /** Field ids are `${idPrefix}-${field}`, so a form can focus the first field in error. */
  idPrefix: string;
};

/**
 * The device: manufacturer, model (suggested from the device catalog as it is typed; choosing one fills
 * its model number and type), serial number and implant date. Without the catalog the model is typed.
 */
/** HL7 CardX-CIED's connectivity states, as a clinic says them. */
const CONNECTIVITY_OPTIONS = [
  { value: 'connected', label: 'Connected' },
  { value: 'disconnected', label: 'Disconnected' },
  { value: 'not-applicable', label: 'Not applicable' },
] as const;

export function DeviceFields({ values, errors, onChange, disabled, idPrefix }: DeviceFieldsProps) {
  const catalog = useDeviceCatalog();
  const manufacturer = (MANUFACTURER_CODES as readonly string[]).includes(values.manufacturer)
    ? (values.manufacturer as ManufacturerCode)
    : undefined;
  const suggestions = useMemo(
    () =>
      catalog.data
        ? searchCatalogModels(values.model, {
            catalog: catalog.data.data,
            ...(manufacturer ? { manufacturer } : {}),
            limit: MODEL_SUGGESTIONS,
          })
        : [],
    [catalog.data, values.model, manufacturer],
  );
  const id = (field: DeviceField) => `${idPrefix}-${field}`;
  const help = (field: DeviceField, text?: string) => errors[field] ?? text;
  const catalogHelp = catalog.isError
    ? `The device catalog could not be loaded (${catalog.error.message}): type the model.`
    : catalog.isPending
      ? 'Loading the device catalog…'
      : 'Type to choose from the device catalog, or enter any model.';

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(6, 1fr)' }, gap: 2 }}>
      <TextField
        select
        id={id('manufacturer')}
        label={DEVICE_LABELS.manufacturer}
        size="small"
        value={values.manufacturer}
        onChange={(event) => onChange({ manufacturer: event.target.value })}
        error={Boolean(errors.manufacturer)}
        helperText={help('manufacturer')}
        disabled={disabled}
        sx={{ gridColumn: { sm: 'span 2' } }}
      >
        <MenuItem value="">
          <em>Not recorded</em>
        </MenuItem>
        {MANUFACTURER_CODES.map((code) => (
          <MenuItem key={code} value={code}>
            {manufacturerName(code)}
          </MenuItem>
        ))}
      </TextField>
      <Autocomplete<DeviceCatalogEntry, false, false, true>
        freeSolo
        id={id('model')}
        options={suggestions}
        // The options are already the catalog's matches for what was typed.
        filterOptions={(options) => options}
        inputValue={values.model}
        onInputChange={(_event, value, reason) => {
          if (reason !== 'reset') onChange({ model: value });
        }}
        onChange={(_event, value) => {
          if (value && typeof value !== 'string') {
            onChange({
              manufacturer: value.manufacturer,
              model: value.modelName,
              modelNumber: value.modelNumber,
              deviceType: value.deviceType,
            });
          }
        }}
        getOptionLabel={(option) => (typeof option === 'string' ? option : option.modelName)}
        getOptionKey={(option) =>
          typeof option === 'string' ? option : `${option.manufacturer}:${option.modelNumber}`
        }
        renderOption={({ key, ...props }, option) => (
          <Box component="li" key={key} {...props} sx={{ display: 'block !important' }}>
            <Typography variant="body2">{option.modelName}</Typography>
            <Typography variant="caption" color="textSecondary">
              {manufacturerName(option.manufacturer)} · {option.modelNumber} · {option.deviceType}
            </Typography>
          </Box>
        )}
        disabled={disabled}
        sx={{ gridColumn: { sm: 'span 4' } }}
        renderInput={(params) => (
          <TextField
            {...params}
            label={DEVICE_LABELS.model}
            size="small"
            error={Boolean(errors.model)}
            helperText={help('model', catalogHelp)}
          />
        )}
      />
      <TextField
        id={id('modelNumber')}
        label={DEVICE_LABELS.modelNumber}
        size="small"
        value={values.modelNumber}
        onChange={(event) => onChange({ modelNumber: event.target.value })}
        error={Boolean(errors.modelNumber)}
        helperText={help('modelNumber')}
        disabled={disabled}
        slotProps={{ htmlInput: { autoComplete: 'off' } }}
        sx={{ gridColumn: { sm: 'span 2' } }}
      />
      <TextField
        select
        id={id('deviceType')}
        label={DEVICE_LABELS.deviceType}
        size="small"
        value={values.deviceType}
        onChange={(event) => onChange({ deviceType: event.target.value })}
        error={Boolean(errors.deviceType)}
        helperText={help('deviceType')}
        disabled={disabled}
        sx={{ gridColumn: { sm: 'span 2' } }}
      >
        <MenuItem value="">
          <em>Not recorded</em>
        </MenuItem>
        {DEVICE_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {type}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        id={id('implantDate')}
        label={DEVICE_LABELS.implantDate}
        type="date"
        size="small"
        value={values.implantDate}
        onChange={(event) => onChange({ implantDate: event.target.value })}
        error={Boolean(errors.implantDate)}
        helperText={help('implantDate')}
        disabled={disabled}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ gridColumn: { sm: 'span 2' } }}
      />
      <TextField
        select
        id={id('connectivity')}
        label={DEVICE_LABELS.connectivity}
        size="small"
        value={values.connectivity}
        onChange={(event) => onChange({ connectivity: event.target.value })}
        error={Boolean(errors.connectivity)}
        helperText={help('connectivity')}
        disabled={disabled}
        sx={{ gridColumn: { sm: 'span 2' } }}
      >
        <MenuItem value="">
          <em>Not recorded</em>
        </MenuItem>
        {CONNECTIVITY_OPTIONS.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.label}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        id={id('serialNumber')}
        label={DEVICE_LABELS.serialNumber}
        size="small"
        value={values.serialNumber}
        onChange={(event) => onChange({ serialNumber: event.target.value })}
        error={Boolean(errors.serialNumber)}
        helperText={help('serialNumber', 'Compared with other patients to find duplicates.')}
        disabled={disabled}
        slotProps={{ htmlInput: { autoComplete: 'off' } }}
        sx={{ gridColumn: { sm: 'span 6' } }}
      />
    </Box>
  );
}
