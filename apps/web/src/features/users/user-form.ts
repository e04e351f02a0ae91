import { type CreateUserBody, isValidNpi, normalizeRole, type UserRole } from '@portal/domain';
import { type ApiError, isApiError } from '../../lib/api-client';
import type { UserResource } from '../../lib/user-resource';

/** What the create and edit dialogs edit. */
export type UserFormValues = {
  email: string;
  title: string;
  firstName: string;
  lastName: string;
  suffixes: string;
  npi: string;
  phone: string;
  homePage: string;
  roles: UserRole[];
};

export type UserFormField = keyof UserFormValues;
export type FieldErrors = Partial<Record<UserFormField, string>>;

/**
 * The body of POST /api/users/create (and, in part, of PATCH /api/users/:id). Roles stay as the user
 * record holds them; the server judges their names and answers 422 naming the one it refuses.
 */
export type UserBody = Omit<CreateUserBody, 'roles'> & { roles: UserRole[] };

export const EMPTY_USER_FORM: UserFormValues = {
  email: '',
  title: '',
  firstName: '',
  lastName: '',
  suffixes: '',
  npi: '',
  phone: '',
  homePage: '',
  roles: [],
};

export function toFormValues(user: UserResource): UserFormValues {
  const a = user.attributes;
  return {
    email: a.email,
    title: a.title,
    firstName: a.firstName,
    lastName: a.lastName,
    suffixes: a.suffixes,
    npi: a.npi ?? '',
    phone: a.phone,
    homePage: a.homePage,
    // Aliases (physician, ma…) shown and saved under their canonical name.
    roles: a.roles.map((grant) => ({
      role: normalizeRole(grant.role) ?? grant.role,
      clinicNPI: grant.clinicNPI,
    })),
  };
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Checks what the browser can check before sending; the server checks everything again. */
export function validateUserForm(
  values: UserFormValues,
  { requireRole }: { requireRole: boolean },
): FieldErrors {
  const errors: FieldErrors = {};
  const email = values.email.trim();
  if (!email) errors.email = 'Enter an e-mail address.';
  else if (!EMAIL_PATTERN.test(email)) errors.email = 'Enter a valid e-mail address.';
  const npi = values.npi.trim();
  if (npi && !isValidNpi(npi)) errors.npi = 'Enter a valid 10-digit NPI, or leave it empty.';
  if (requireRole && values.roles.length === 0) errors.roles = 'Give the user at least one role.';
  return errors;
}

export function toUserBody(values: UserFormValues): UserBody {
  const trim = (text: string) => text.trim();
  return {
    email: trim(values.email),
    title: trim(values.title),
    firstName: trim(values.firstName),
    lastName: trim(values.lastName),
    suffixes: trim(values.suffixes),
    npi: trim(values.npi) || null,
    phone: trim(values.phone),
    homePage: trim(values.homePage),
    roles: values.roles,
  };
}

const FORM_FIELDS: readonly UserFormField[] = Object.keys(EMPTY_USER_FORM) as UserFormField[];

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The server's field problems (`details: [{field, message}]`, field paths like 'email' or
 * 'roles.0.clinicNPI') beside the fields they name; the rest as general problems.
 */
export function toFieldErrors(error: unknown): { fields: FieldErrors; other: string[] } {
  const fields: FieldErrors = {};
  const other: string[] = [];
  const details = isApiError(error) ? ((error as ApiError).details ?? []) : [];
  for (const detail of details) {
    const field = detail.field.split('.')[0] as UserFormField;
    if (FORM_FIELDS.includes(field)) {
      fields[field] = fields[field] ?? `${capitalize(detail.message)}.`.replace(/\.\.$/, '.');
    } else {
      other.push(`${detail.field}: ${detail.message}`);
    }
  }
  return { fields, other };
}
