import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type DeviceBarcodeParseResult,
  type DeviceCatalogEntry,
  MANUFACTURER_NAMES,
  parseDeviceBarcode,
} from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { deviceGtinQueryOptions, useSaveDeviceGtinPairing } from '../../lib/device-gtins';
import { type ScannedText, ScanSources } from './scan-sources';
import { ParsedFields, RawCode } from './scanned-code-details';

/** The device fields a scan can fill. */
export const SCAN_FIELDS = ['manufacturer', 'model', 'modelNumber', 'deviceType', 'serialNumber'] as const;
export type ScanField = (typeof SCAN_FIELDS)[number];
export type ScanValues = Record<ScanField, string>;

const SCAN_FIELD_LABELS: Record<ScanField, string> = {
  manufacturer: 'Manufacturer',
  model: 'Model',
  modelNumber: 'Model number',
  deviceType: 'Device type',
  serialNumber: 'Serial number',
};

type Model = Pick<DeviceCatalogEntry, 'manufacturer' | 'modelName' | 'modelNumber' | 'deviceType'>;

const displayOf = (field: ScanField, value: string) =>
  field === 'manufacturer' && value in MANUFACTURER_NAMES
    ? MANUFACTURER_NAMES[value as keyof typeof MANUFACTURER_NAMES]
    : value;

/** What a scan proposes: the model's fields and the label's serial number (empty when not known). */
function proposedValues(parsed: DeviceBarcodeParseResult, model: Model | null): Partial<ScanValues> {
  if (!parsed.ok) return {};
  return {
    ...(model
      ? {
          manufacturer: model.manufacturer,
          model: model.modelName,
          modelNumber: model.modelNumber,
          deviceType: model.deviceType,
        }
      : {}),
    ...(parsed.serial ? { serialNumber: parsed.serial } : {}),
  };
}

/**
 * Scans a device's label into a device form (issue 15 §1): the code read and parsed, its GTIN matched to
 * a catalog model (or, unknown, paired with one once for the clinic), then the values it would change
 * shown beside the current ones. An empty field is filled; a filled one changes only when its box is
 * ticked. Nothing changes until 'Use these values'.
 */
export function DeviceScanPanel({
  clinicNpi,
  current,
  catalog,
  canPairGtins,
  onApply,
}: {
  clinicNpi: string;
  current: ScanValues;
  catalog: readonly DeviceCatalogEntry[] | undefined;
  /** Whether the user may save the clinic's GTIN pairings (patient:update-device). */
  canPairGtins: boolean;
  onApply: (values: Partial<ScanValues>) => void;
}) {
  const [scanned, setScanned] = useState<(ScannedText & { id: number }) | null>(null);
  return (
    <Stack spacing={2} data-testid="device-scan-panel">
      <ScanSources onRead={(read) => setScanned((before) => ({ ...read, id: (before?.id ?? 0) + 1 }))} />
      {/* A new scan starts afresh: its own model choice and confirmations. */}
      {scanned && (
        <ScanResult
          key={scanned.id}
          scanned={scanned}
          clinicNpi={clinicNpi}
          current={current}
          catalog={catalog}
          canPairGtins={canPairGtins}
          onApply={onApply}
        />
      )}
    </Stack>
  );
}

function ScanResult({
  scanned,
  clinicNpi,
  current,
  catalog,
  canPairGtins,
  onApply,
}: {
  scanned: ScannedText;
  clinicNpi: string;
  current: ScanValues;
  catalog: readonly DeviceCatalogEntry[] | undefined;
  canPairGtins: boolean;
  onApply: (values: Partial<ScanValues>) => void;
}) {
  const parsed = useMemo(() => parseDeviceBarcode(scanned.raw), [scanned]);
  const gtin = parsed.ok && parsed.format === 'gs1' ? parsed.gtin : null;
  const match = useQuery({ ...deviceGtinQueryOptions(clinicNpi, gtin), meta: { silent: true } });
  const savePairing = useSaveDeviceGtinPairing(clinicNpi);
  const [picked, setPicked] = useState<Model | null>(null);
  const model: Model | null = match.data?.match ?? picked;
  const proposed = proposedValues(parsed, model);
  const changes = SCAN_FIELDS.flatMap((field) => {
    const value = proposed[field];
    return value && value !== current[field] ? [{ field, value, replaces: current[field] }] : [];
  });
  const [confirmed, setConfirmed] = useState<ReadonlySet<ScanField>>(new Set());
  const chosen = changes.filter((change) => change.replaces === '' || confirmed.has(change.field));

  // Shown while the GTIN is unknown (or the code names no model), the choice made included.
  const needsModel = parsed.ok && !match.data?.match && (gtin === null || match.isSuccess);
  return (
    <Stack spacing={1.5} aria-live="polite" data-testid="scan-result">
      <RawCode raw={scanned.raw} />
      {!parsed.ok ? (
        <Alert severity="error" data-testid="scan-error">
          {parsed.error.message} Nothing was filled.
        </Alert>
      ) : (
        <>
          <ParsedFields parsed={parsed} />
          {match.data?.match && (
            <Alert severity="success" data-testid="scan-match">
              {MANUFACTURER_NAMES[match.data.match.manufacturer]} {match.data.match.modelName} (
              {match.data.match.modelNumber}, {match.data.match.deviceType}) —{' '}
              {match.data.match.source === 'catalog'
                ? 'from the device catalog'
                : "from this clinic's pairing"}
            </Alert>
          )}
          {match.isError && (
            <Alert severity="warning">The model could not be looked up. Choose it below, or try again.</Alert>
          )}
          {needsModel && (
            <ModelPicker
              catalog={catalog}
              gtin={gtin}
              canPair={canPairGtins}
              saving={savePairing.isPending}
              saveFailed={savePairing.isError}
              onPick={setPicked}
              onRemember={(chosenModel) =>
                savePairing.mutate({
                  gtin: gtin as string,
                  body: { manufacturer: chosenModel.manufacturer, modelNumber: chosenModel.modelNumber },
                })
              }
            />
          )}
          {changes.length > 0 ? (
            <ChangesTable
              changes={changes}
              confirmed={confirmed}
              onToggle={(field, on) =>
                setConfirmed((before) => {
                  const next = new Set(before);
                  if (on) next.add(field);
                  else next.delete(field);
                  return next;
                })
              }
            />
          ) : (
            model && <Typography variant="body2">The device already has these values.</Typography>
          )}
          {changes.length > 0 && (
            <Box>
              <Button
                variant="contained"
                disabled={chosen.length === 0}
                onClick={() =>
                  onApply(Object.fromEntries(chosen.map((change) => [change.field, change.value])))
                }
              >
                Use these values
              </Button>
            </Box>
          )}
        </>
      )}
    </Stack>
  );
}

function ChangesTable({
  changes,
  confirmed,
  onToggle,
}: {
  changes: { field: ScanField; value: string; replaces: string }[];
  confirmed: ReadonlySet<ScanField>;
  onToggle: (field: ScanField, on: boolean) => void;
}) {
  return (
    <Table size="small" aria-label="Values from the scan" data-testid="scan-changes">
      <TableHead>
        <TableRow>
          <TableCell>Field</TableCell>
          <TableCell>Now</TableCell>
          <TableCell>From the scan</TableCell>
          <TableCell>Use</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {changes.map((change) => {
          const label = SCAN_FIELD_LABELS[change.field];
          return (
            <TableRow key={change.field} data-field={change.field}>
              <TableCell>{label}</TableCell>
              <TableCell sx={{ color: change.replaces ? 'text.primary' : 'text.secondary' }}>
                {change.replaces ? displayOf(change.field, change.replaces) : 'Empty'}
              </TableCell>
              <TableCell sx={{ fontWeight: 600 }}>{displayOf(change.field, change.value)}</TableCell>
              <TableCell padding="checkbox">
                {change.replaces ? (
                  <Checkbox
                    checked={confirmed.has(change.field)}
                    onChange={(event) => onToggle(change.field, event.target.checked)}
                    slotProps={{ input: { 'aria-label': `Replace ${label}` } }}
                  />
                ) : (
                  <Typography variant="caption" color="textSecondary">
                    Fills
                  </Typography>
                )}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

function ModelPicker({
  catalog,
  gtin,
  canPair,
  saving,
  saveFailed,
  onPick,
  onRemember,
}: {
  catalog: readonly DeviceCatalogEntry[] | undefined;
  gtin: string | null;
  canPair: boolean;
  saving: boolean;
  saveFailed: boolean;
  onPick: (model: Model | null) => void;
  onRemember: (model: Model) => void;
}) {
  const [value, setValue] = useState<DeviceCatalogEntry | null>(null);
  return (
    <Stack spacing={1} data-testid="scan-model-picker">
      <Typography variant="body2">
        {gtin
          ? `The catalog does not know GTIN ${gtin}. Choose its model${canPair ? ' once: the clinic will remember it.' : '.'}`
          : 'This code names no model. Choose the model.'}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Autocomplete
          options={catalog ?? []}
          loading={!catalog}
          value={value}
          onChange={(_event, entry) => {
            setValue(entry);
            onPick(entry);
          }}
          getOptionLabel={(entry) =>
            `${MANUFACTURER_NAMES[entry.manufacturer]} ${entry.modelName} (${entry.modelNumber})`
          }
          groupBy={(entry) => MANUFACTURER_NAMES[entry.manufacturer]}
          renderInput={(params) => <TextField {...params} label="Model" size="small" />}
          sx={{ flex: 1, minWidth: 240 }}
        />
        {gtin && canPair && (
          <Button variant="outlined" disabled={!value || saving} onClick={() => value && onRemember(value)}>
            Remember for this clinic
          </Button>
        )}
      </Stack>
      {saveFailed && <Alert severity="error">The pairing was not saved. Try again.</Alert>}
    </Stack>
  );
}
