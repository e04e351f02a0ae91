import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type ComparisonMode,
  MEASUREMENTS,
  type SessionDeviceType,
  type StoredLongitudinalSettings,
} from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { isApiError } from '../../../lib/api-client';
import { enqueueSnackbar } from '../../../lib/snackbar/snackbar';
import {
  CLINIC_SCOPE,
  type LongitudinalSettingsScope,
  longitudinalSettingsQueryOptions,
  useChangeLongitudinalSettings,
} from '../api/longitudinal-settings';

type Effective = LongitudinalSettingsScope['effective'];
type Thresholds = Effective['thresholds'];

/** Each threshold's label in the form, in the order the form lists them. */
export const THRESHOLD_LABELS: Record<string, string> = {
  pacingThresholdWarningAbove: 'Pacing threshold: warning above (V)',
  pacingThresholdCriticalAtOrAbove: 'Pacing threshold: critical at or above (V)',
  pacingThresholdRiseFromBaseline: 'Pacing threshold: rise from baseline over (V)',
  pacingImpedanceWarningBelow: 'Pacing impedance: warning below (Ω)',
  pacingImpedanceWarningAbove: 'Pacing impedance: warning above (Ω)',
  pacingImpedanceCriticalBelow: 'Pacing impedance: critical below (Ω)',
  pacingImpedanceCriticalAbove: 'Pacing impedance: critical above (Ω)',
  hvImpedanceBelow: 'HV impedance: below (Ω)',
  hvImpedanceAbove: 'HV impedance: above (Ω)',
  sensingBelowPercentOfBaseline: 'Sensing: under this % of baseline',
  atafBurdenWarningAbove: 'AT/AF burden: warning above (%)',
  atafBurdenCriticalAbove: 'AT/AF burden: critical above (%)',
  flagBatteryAtEri: 'Flag a battery at ERI or EOS',
};

export const SOURCE_LABELS: Record<Effective['source'], string> = {
  default: 'the portal defaults',
  clinic: "the clinic's settings",
  user: 'your own settings',
};

const COMPARISON_MODE_LABELS: Record<ComparisonMode, string> = {
  difference: 'Difference (in the unit)',
  percentage: 'Percentage',
};

type Draft = {
  comparisonMode: ComparisonMode;
  shown: string[];
  thresholds: Record<string, string | boolean>;
};

function draftOf(effective: Effective, deviceType: SessionDeviceType): Draft {
  return {
    comparisonMode: effective.comparisonMode,
    shown: [...effective.measurements[deviceType]],
    thresholds: Object.fromEntries(
      Object.entries(effective.thresholds).map(([key, value]) => [
        key,
        typeof value === 'boolean' ? value : String(value),
      ]),
    ),
  };
}

/**
 * What a scope stores after this save: what it stored before, plus what was changed here (a scope stores
 * only what it sets, so a part left alone keeps following the scope above it).
 */
export function nextStoredSettings(options: {
  stored: StoredLongitudinalSettings;
  effective: Effective;
  draft: Draft;
  deviceType: SessionDeviceType;
}): StoredLongitudinalSettings | { problem: string } {
  const { stored, effective, draft, deviceType } = options;
  const next: StoredLongitudinalSettings = { ...stored };
  if (draft.comparisonMode !== effective.comparisonMode || stored.comparisonMode) {
    next.comparisonMode = draft.comparisonMode;
  }
  const listChanged = draft.shown.join() !== effective.measurements[deviceType].join();
  if (listChanged || stored.measurements?.[deviceType]) {
    next.measurements = { ...stored.measurements, [deviceType]: draft.shown };
  }
  const thresholds: Record<string, number | boolean> = { ...stored.thresholds };
  for (const [key, raw] of Object.entries(draft.thresholds)) {
    const value = typeof raw === 'boolean' ? raw : Number(raw);
    if (typeof value === 'number' && (raw === '' || !Number.isFinite(value) || value < 0)) {
      return { problem: `${THRESHOLD_LABELS[key] ?? key} must be a number, 0 or more.` };
    }
    if (value !== effective.thresholds[key as keyof Thresholds] || key in thresholds) thresholds[key] = value;
  }
  if (Object.keys(thresholds).length > 0) next.thresholds = thresholds;
  return next;
}

/**
 * The longitudinal settings (issue 14 §3): which measurements show for this device type and in what order,
 * the comparison mode and the flag thresholds. "Save for me" stores them as the user's own; "Save for the
 * clinic" (with clinic:update-settings) as the clinic's; "Reset" removes the user's own, so the clinic's (or
 * the defaults) show again. It says where the settings in force come from.
 */
export function TrendsSettingsDialog({
  clinicNpi,
  userId,
  deviceType,
  canSaveForClinic,
  onClose,
}: {
  clinicNpi: string;
  userId: string;
  deviceType: SessionDeviceType;
  canSaveForClinic: boolean;
  onClose: () => void;
}) {
  const mine = useQuery(longitudinalSettingsQueryOptions(clinicNpi, userId));
  const clinic = useQuery({
    ...longitudinalSettingsQueryOptions(clinicNpi, CLINIC_SCOPE),
    enabled: canSaveForClinic,
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="trends-settings-title">
      <DialogTitle id="trends-settings-title">Trend settings ({deviceType})</DialogTitle>
      {mine.data ? (
        <SettingsForm
          key={`${mine.data.effective.source}-${mine.dataUpdatedAt}`}
          clinicNpi={clinicNpi}
          userId={userId}
          deviceType={deviceType}
          scope={mine.data}
          clinicScope={canSaveForClinic ? clinic.data : undefined}
          onClose={onClose}
        />
      ) : mine.isError ? (
        <DialogContent>
          <Alert severity="error">The settings could not be loaded: {mine.error.message}</Alert>
        </DialogContent>
      ) : (
        <DialogContent>
          <LinearProgress aria-label="Loading the settings" />
        </DialogContent>
      )}
    </Dialog>
  );
}

function SettingsForm({
  clinicNpi,
  userId,
  deviceType,
  scope,
  clinicScope,
  onClose,
}: {
  clinicNpi: string;
  userId: string;
  deviceType: SessionDeviceType;
  scope: LongitudinalSettingsScope;
  clinicScope: LongitudinalSettingsScope | undefined;
  onClose: () => void;
}) {
  const formId = useId();
  const [draft, setDraft] = useState(() => draftOf(scope.effective, deviceType));
  const [problem, setProblem] = useState<string | null>(null);
  const change = useChangeLongitudinalSettings(clinicNpi);
  const hidden = MEASUREMENTS.filter((measurement) => !draft.shown.includes(measurement.key));
  const labelOf = (key: string) => MEASUREMENTS.find((measurement) => measurement.key === key)?.label ?? key;

  const move = (index: number, by: -1 | 1) =>
    setDraft((current) => {
      const shown = [...current.shown];
      const [item] = shown.splice(index, 1);
      if (item !== undefined) shown.splice(index + by, 0, item);
      return { ...current, shown };
    });
  const toggle = (key: string, on: boolean) =>
    setDraft((current) => ({
      ...current,
      shown: on ? [...current.shown, key] : current.shown.filter((shownKey) => shownKey !== key),
    }));

  const save = (target: 'me' | 'clinic') => {
    const base = target === 'me' ? scope : clinicScope;
    if (!base) return;
    const next = nextStoredSettings({ stored: base.stored, effective: scope.effective, draft, deviceType });
    if ('problem' in next) {
      setProblem(next.problem);
      return;
    }
    setProblem(null);
    change.mutate(
      { action: 'save', userId: target === 'me' ? userId : CLINIC_SCOPE, stored: next },
      {
        onSuccess: () => {
          enqueueSnackbar(
            target === 'me' ? 'Your trend settings were saved.' : "The clinic's trend settings were saved.",
            {
              variant: 'success',
            },
          );
          onClose();
        },
        onError: (error) =>
          setProblem(isApiError(error) ? error.message : 'The settings could not be saved.'),
      },
    );
  };
  const reset = () =>
    change.mutate(
      { action: 'reset', userId },
      {
        onSuccess: () => {
          enqueueSnackbar('Your own trend settings were removed.', { variant: 'success' });
          onClose();
        },
      },
    );

  return (
    <>
      <DialogContent dividers>
        <Typography variant="body2" data-testid="settings-source" sx={{ mb: 2 }}>
          In force now: {SOURCE_LABELS[scope.effective.source]}.
        </Typography>
        {problem && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {problem}
          </Alert>
        )}
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
            <Typography component="legend" variant="subtitle2">
              Measurements shown, in order
            </Typography>
            <List dense aria-label="Measurements shown">
              {draft.shown.map((key, index) => (
                <ListItem
                  key={key}
                  disableGutters
                  secondaryAction={
                    <>
                      <IconButton
                        size="small"
                        aria-label={`Move ${labelOf(key)} up`}
                        disabled={index === 0}
                        onClick={() => move(index, -1)}
                      >
                        <ArrowUpwardIcon fontSize="small" />
                      </IconButton>
                      <IconButton
                        size="small"
                        aria-label={`Move ${labelOf(key)} down`}
                        disabled={index === draft.shown.length - 1}
                        onClick={() => move(index, 1)}
                      >
                        <ArrowDownwardIcon fontSize="small" />
                      </IconButton>
                    </>
                  }
                >
                  <FormControlLabel
                    control={<Checkbox size="small" checked onChange={() => toggle(key, false)} />}
                    label={labelOf(key)}
                  />
                </ListItem>
              ))}
            </List>
            {hidden.length > 0 && (
              <>
                <Typography variant="subtitle2" sx={{ mt: 1 }}>
                  Not shown
                </Typography>
                <List dense aria-label="Measurements not shown">
                  {hidden.map((measurement) => (
                    <ListItem key={measurement.key} disableGutters>
                      <FormControlLabel
                        control={
                          <Checkbox
                            size="small"
                            checked={false}
                            onChange={() => toggle(measurement.key, true)}
                          />
                        }
                        label={measurement.label}
                      />
                    </ListItem>
                  ))}
                </List>
              </>
            )}
          </Box>
          <Box>
            <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 2 }}>
              <Typography component="legend" variant="subtitle2">
                Compare values as
              </Typography>
              <RadioGroup
                value={draft.comparisonMode}
                onChange={(_event, value) =>
                  setDraft((current) => ({ ...current, comparisonMode: value as ComparisonMode }))
                }
              >
                {(Object.keys(COMPARISON_MODE_LABELS) as ComparisonMode[]).map((mode) => (
                  <FormControlLabel
                    key={mode}
                    value={mode}
                    control={<Radio size="small" />}
                    label={COMPARISON_MODE_LABELS[mode]}
                  />
                ))}
              </RadioGroup>
            </Box>
            <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 1.5 }}>
              <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
                Flag thresholds
              </Typography>
              {Object.entries(draft.thresholds).map(([key, value]) =>
                typeof value === 'boolean' ? (
                  <FormControlLabel
                    key={key}
                    control={
                      <Checkbox
                        size="small"
                        checked={value}
                        onChange={(event) =>
                          setDraft((current) => ({
                            ...current,
                            thresholds: { ...current.thresholds, [key]: event.target.checked },
                          }))
                        }
                      />
                    }
                    label={THRESHOLD_LABELS[key] ?? key}
                  />
                ) : (
                  <TextField
                    key={key}
                    id={`${formId}-${key}`}
                    size="small"
                    type="number"
                    label={THRESHOLD_LABELS[key] ?? key}
                    value={value}
                    slotProps={{ htmlInput: { min: 0, step: 'any' } }}
                    onChange={(event) =>
                      setDraft((current) => ({
                        ...current,
                        thresholds: { ...current.thresholds, [key]: event.target.value },
                      }))
                    }
                  />
                ),
              )}
            </Box>
          </Box>
        </Box>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button
          color="inherit"
          onClick={reset}
          disabled={change.isPending || scope.effective.source !== 'user'}
        >
          Reset
        </Button>
        <Box sx={{ flex: 1 }} />
        <Button onClick={onClose} disabled={change.isPending}>
          Cancel
        </Button>
        {clinicScope && (
          <Button variant="outlined" onClick={() => save('clinic')} disabled={change.isPending}>
            Save for the clinic
          </Button>
        )}
        <Button variant="contained" onClick={() => save('me')} disabled={change.isPending}>
          Save for me
        </Button>
      </DialogActions>
    </>
  );
}
