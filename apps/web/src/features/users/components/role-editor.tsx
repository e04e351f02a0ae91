import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type AbilityUser, canGrantRole, ROLE_LABELS, type UserRole } from '@portal/domain';
import { useId, useState } from 'react';
import { describeGrant, hasGrant, listRoleChoices, toggleGrant } from '../role-grants';

type RoleEditorProps = {
  roles: UserRole[];
  onChange: (roles: UserRole[]) => void;
  /** The signed-in user: which grants they may give or take away (domain canGrantRole). */
  actor: AbilityUser;
  /** Clinics whose roles this actor edits here, the current clinic first. */
  editableClinics: { npi: string; name: string }[];
  clinicName: (npi: string) => string | undefined;
  error?: string | undefined;
  disabled?: boolean;
};

/**
 * Per-clinic roles: pick a clinic (global admins may also pick 'All clinics' and their other clinics;
 * a clinic admin edits the current clinic only), then tick its roles. Roles held elsewhere are listed
 * below, removable when the actor may take them away.
 */
export function RoleEditor({
  roles,
  onChange,
  actor,
  editableClinics,
  clinicName,
  error,
  disabled = false,
}: RoleEditorProps) {
  // Start where the user has roles (an IRH user: 'All clinics'), else at the current clinic.
  const [clinicNpi, setClinicNpi] = useState(
    () =>
      editableClinics.find((clinic) => roles.some((grant) => grant.clinicNPI === clinic.npi))?.npi ??
      editableClinics[0]?.npi ??
      '',
  );
  const legendId = useId();
  const errorId = useId();
  const chosenName = editableClinics.find((clinic) => clinic.npi === clinicNpi)?.name ?? clinicNpi;
  const otherGrants = roles.filter((grant) => grant.clinicNPI !== clinicNpi);

  return (
    <FormControl
      component="fieldset"
      error={Boolean(error)}
      disabled={disabled}
      aria-describedby={error ? errorId : undefined}
      sx={{ width: '100%' }}
    >
      <FormLabel
        component="legend"
        id={legendId}
        sx={{ fontWeight: 600, mb: 1, color: 'text.primary', '&.Mui-focused': { color: 'text.primary' } }}
      >
        Roles
      </FormLabel>
      {editableClinics.length > 1 ? (
        <TextField
          select
          size="small"
          label="Clinic"
          value={clinicNpi}
          onChange={(event) => setClinicNpi(event.target.value)}
          sx={{ mb: 1, maxWidth: 420 }}
          slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } } }}
        >
          {editableClinics.map((clinic) => (
            <MenuItem key={clinic.npi} value={clinic.npi}>
              {clinic.name}
            </MenuItem>
          ))}
        </TextField>
      ) : (
        <Typography variant="body2" color="textSecondary" sx={{ mb: 0.5 }}>
          At {chosenName}
        </Typography>
      )}
      {editableClinics.length === 0 ? (
        <Typography variant="body2" color="textSecondary">
          Choose a clinic in the header to give roles there.
        </Typography>
      ) : (
        <FormGroup
          aria-label={`Roles at ${chosenName}`}
          sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}
        >
          {listRoleChoices(clinicNpi).map((role) => {
            const grant = { role, clinicNPI: clinicNpi };
            return (
              <FormControlLabel
                key={role}
                label={ROLE_LABELS[role]}
                disabled={disabled || !canGrantRole(actor, grant)}
                control={
                  <Checkbox
                    checked={hasGrant(roles, grant)}
                    onChange={() => onChange(toggleGrant(roles, grant))}
                  />
                }
              />
            );
          })}
        </FormGroup>
      )}
      {otherGrants.length > 0 && (
        <Box sx={{ mt: 1.5 }}>
          <Typography variant="body2" color="textSecondary" sx={{ mb: 0.75 }}>
            Roles at other clinics
          </Typography>
          <Box
            component="ul"
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, p: 0, m: 0, listStyle: 'none' }}
          >
            {otherGrants.map((grant) => {
              const label = describeGrant(grant, clinicName);
              const removable = !disabled && canGrantRole(actor, grant);
              return (
                <Box
                  component="li"
                  key={`${grant.role}@${grant.clinicNPI}`}
                  sx={{ display: 'flex', alignItems: 'center' }}
                >
                  <Chip size="small" label={label} />
                  {removable && (
                    <IconButton
                      size="small"
                      aria-label={`Remove ${label}`}
                      onClick={() => onChange(roles.filter((r) => r !== grant))}
                    >
                      <CloseIcon fontSize="small" />
                    </IconButton>
                  )}
                </Box>
              );
            })}
          </Box>
        </Box>
      )}
      {error && <FormHelperText id={errorId}>{error}</FormHelperText>}
    </FormControl>
  );
}
