import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
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

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  const headingId = `section-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}
    >
      <Typography id={headingId} variant="h6" component="h2">
        {title}
      </Typography>
      {description && (
        <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
          {description}
        </Typography>
      )}
      <Box sx={{ mt: 1.5 }}>{children}</Box>
    </Paper>
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
      <Section
        title="Feature flags"
        description="Each switch shows the clinic's value, or the default when the clinic has none."
      >
        <ClinicFeatureFlags clinic={clinic} defaults={flags} editable={can('clinic:update-feature-flags')} />
      </Section>
      <Section title="Workflow settings" description="Changes save as soon as you make them.">
        <ClinicWorkflowSettings
          clinic={clinic}
          defaults={workflows}
          editable={can('clinic:update-settings')}
        />
      </Section>
      <Section
        title="Signature settings"
        description="The clinic's, used by every provider without their own, or one provider's."
      >
        <SignatureSettingsSection npi={clinic.npi} editable={can('clinic:update-settings')} />
      </Section>
      <Section
        title="Device-check settings"
        description="Observations offered on the in-person device check."
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
