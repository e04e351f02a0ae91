import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import BoltIcon from '@mui/icons-material/Bolt';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import SaveOutlinedIcon from '@mui/icons-material/SaveOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { describeBulkSigning } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { createPermissionChecks } from '../../../lib/session/permissions';
import { useSession } from '../../../lib/session/session-context';
import { clinicQueryOptions } from '../api/get-clinic';
import { clinicDefaultsQueryOptions } from '../api/get-clinic-defaults';
import type { Clinic, ClinicDefault } from '../types';
import { ClinicFeatureFlags } from './clinic-feature-flags';
import { ClinicWorkflowSettings } from './clinic-workflow-settings';
import { DeviceCheckSettingsSection } from './device-check-settings-section';
import { SignatureSettingsSection } from './signature-settings-section';

/** How a section's changes are kept: at once, or with its Save button. Said in words, not colour alone. */
type SaveMode = 'auto' | 'explicit';

const SAVE_MODE_TEXT: Record<SaveMode, string> = {
  auto: 'Saved as you change it',
  explicit: 'Saved with the button below',
};

function SaveModeNote({ mode, id }: { mode: SaveMode; id: string }) {
  return (
    <Box
      id={id}
      data-save-mode={mode}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.5,
        px: 1,
        py: 0.25,
        borderRadius: 1,
        border: 1,
        borderColor: 'divider',
        color: 'text.secondary',
        typography: 'caption',
        fontWeight: 600,
        whiteSpace: 'nowrap',
      }}
    >
      {mode === 'auto' ? (
        <BoltIcon aria-hidden sx={{ fontSize: 16 }} />
      ) : (
        <SaveOutlinedIcon aria-hidden sx={{ fontSize: 16 }} />
      )}
      {SAVE_MODE_TEXT[mode]}
    </Box>
  );
}

function Section({
  title,
  description,
  saveMode,
  children,
}: {
  title: string;
  description?: string;
  saveMode: SaveMode;
  children: ReactNode;
}) {
  const headingId = `section-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  const saveModeId = `${headingId}-save-mode`;
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      aria-describedby={saveModeId}
      sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2, rowGap: 0.5 }}>
        <Typography id={headingId} variant="h6" component="h2" sx={{ flex: '1 1 auto' }}>
          {title}
        </Typography>
        <SaveModeNote mode={saveMode} id={saveModeId} />
      </Box>
      {description && (
        <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5, mb: 1 }}>
          {description}
        </Typography>
      )}
      <Box sx={{ mt: 1.5 }}>{children}</Box>
    </Paper>
  );
}

/** The effective bulk-signing state at this clinic, from the rule the server applies (describeBulkSigning). */
function BulkSigningSummary({ clinic }: { clinic: Clinic }) {
  const state = describeBulkSigning({ featureFlags: clinic.featureFlags, settings: clinic.settings });
  return (
    <Alert
      severity={state.allowed ? 'info' : 'warning'}
      icon={<DoneAllIcon fontSize="inherit" />}
      aria-labelledby="bulk-signing-summary-title"
      data-testid="bulk-signing-summary"
      data-allowed={state.allowed}
      sx={{ mb: 3 }}
    >
      <AlertTitle id="bulk-signing-summary-title">Bulk signing</AlertTitle>
      <span data-testid="bulk-signing-summary-text">{state.summary}.</span> It follows the 'Bulk signing' and
      'Bulk-sign alerts' flags, the 'Allow bulk signing' setting and each provider's signature settings.
    </Alert>
  );
}

function ClinicSettings({
  clinic,
  flags,
  workflows,
}: {
  clinic: Clinic;
  flags: ClinicDefault[];
  workflows: ClinicDefault[];
}) {
  const { user } = useSession();
  // What the actor may do at this clinic, which need not be the one picked in the header.
  const { can } = createPermissionChecks(user.attributes, clinic.npi, clinic);
  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mb: 3 }}>
        <Typography variant="h5" component="h2" sx={{ mr: 1 }}>
          {clinic.name}
        </Typography>
        <Chip size="small" variant="outlined" label={`Code ${clinic.code}`} />
        <Chip size="small" variant="outlined" label={`NPI ${clinic.npi}`} />
        {clinic.isActive ? (
          <Chip label="Active" size="small" color="success" variant="outlined" />
        ) : (
          <Chip label="Inactive" size="small" variant="outlined" />
        )}
      </Box>
      <BulkSigningSummary clinic={clinic} />
      <Section
        title="Feature flags"
        description="Each switch shows the clinic's value, or the default when the clinic has none. A change takes effect at once."
        saveMode="auto"
      >
        <ClinicFeatureFlags clinic={clinic} defaults={flags} editable={can('clinic:update-feature-flags')} />
      </Section>
      <Section
        title="Workflow settings"
        description="A switch saves when you flip it; a value saves when you press Enter or leave its field."
        saveMode="auto"
      >
        <ClinicWorkflowSettings
          clinic={clinic}
          defaults={workflows}
          editable={can('clinic:update-settings')}
        />
      </Section>
      <Section
        title="Signature settings"
        description="The clinic's, used by every provider without their own, or one provider's. Nothing changes until you save."
        saveMode="explicit"
      >
        <SignatureSettingsSection
          npi={clinic.npi}
          configuration={{ featureFlags: clinic.featureFlags, settings: clinic.settings }}
          editable={can('clinic:update-settings')}
        />
      </Section>
      <Section
        title="Device-check settings"
        description="Observations offered on the in-person device check. Nothing changes until you save."
        saveMode="explicit"
      >
        <DeviceCheckSettingsSection npi={clinic.npi} editable={can('clinic:update-settings')} />
      </Section>
    </>
  );
}

/** One clinic's page (/admin/clinics/:id): feature flags, workflow, signature and device-check settings. */
export function ClinicPage() {
  const { id = '' } = useParams();
  const clinic = useQuery({ ...clinicQueryOptions(id), meta: { silent: true } });
  const flags = useQuery({ ...clinicDefaultsQueryOptions('feature-flags'), meta: { silent: true } });
  const workflows = useQuery({ ...clinicDefaultsQueryOptions('workflows'), meta: { silent: true } });
  const failed = [clinic, flags, workflows].find((query) => query.isError);

  return (
    <Box sx={{ maxWidth: 1100 }}>
      <Button component={RouterLink} to="/admin/clinics" startIcon={<ArrowBackIcon />} sx={{ mb: 2 }}>
        All clinics
      </Button>
      {clinic.data && flags.data && workflows.data ? (
        <ClinicSettings clinic={clinic.data} flags={flags.data} workflows={workflows.data} />
      ) : failed ? (
        <Alert
          severity="error"
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() => {
                for (const query of [clinic, flags, workflows]) if (query.isError) void query.refetch();
              }}
            >
              Retry
            </Button>
          }
        >
          {failed.error?.message}
        </Alert>
      ) : (
        <LinearProgress aria-label="Loading the clinic" />
      )}
    </Box>
  );
}
