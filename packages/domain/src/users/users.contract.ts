import { z } from 'zod';
import { defineResponseContract } from '../common/api-contract';
import { isValidNpi } from '../common/npi';
import { pageLinksSchema, pageMetadataSchema } from '../common/paging.contract';
import { USER_ACCOUNT_STATES } from './account-state';
import { ROLES } from './roles';
import { samlProfileSchema } from './saml-profile';

// The API of users (SPEC §7 Users, /api/users and the user-auth variant /api/user-auth). Server routes
// declare these schemas; the web infers its types.

const roleGrantSchema = z.object({
  role: z.enum(ROLES),
  clinicNPI: z.string().regex(/^(\*|\d{10})$/, { error: "must be a 10-digit NPI or '*'" }),
});

const optionalText = (max: number) => z.string().trim().max(max);
const emailSchema = z.email({ error: 'must be an e-mail address' });
const optionalNpiSchema = z
  .string()
  .trim()
  .refine((value) => value === '' || isValidNpi(value), { error: 'must be a valid 10-digit NPI' });

/** The editable profile (SPEC §3 User). */
export const userProfileSchema = z.object({
  email: emailSchema.max(320),
  firstName: optionalText(100).default(''),
  lastName: optionalText(100).default(''),
  title: optionalText(40).default(''),
  suffixes: optionalText(60).default(''),
  npi: optionalNpiSchema.nullable().default(null),
  phone: optionalText(40).default(''),
  homePage: optionalText(200).default(''),
  roles: z.array(roleGrantSchema).max(500).default([]),
});
export type UserProfileInput = z.infer<typeof userProfileSchema>;

export const createUserBodySchema = userProfileSchema.extend({
  password: z.string().min(12, { error: 'must have at least 12 characters' }).max(1024).optional(),
});
export const replaceUserBodySchema = userProfileSchema;
export const patchUserBodySchema = userProfileSchema.partial().strict();
/** The body of POST /api/users/create. */
export type CreateUserBody = z.input<typeof createUserBodySchema>;
/** The body of PATCH /api/users/:id. */
export type PatchUserBody = z.input<typeof patchUserBodySchema>;

export const userIdParamsSchema = z.object({ id: z.string().min(1).max(400) });
export const emailParamsSchema = z.object({ email: emailSchema });

export const lockStateBodySchema = z.strictObject({ isLocked: z.boolean() });

export const passwordTicketBodySchema = z.strictObject({ returnUrl: z.url({ error: 'must be a URL' }) });
/** A one-time link, valid a day, where the user sets a new password. */
export const passwordTicketSchema = z.object({ ticket: z.url(), expiresAt: z.iso.datetime() });
export type PasswordTicket = z.infer<typeof passwordTicketSchema>;

/** The profile a SAML sign-in brought, as the user-auth routes take it. */
export const samlProfileBodySchema = samlProfileSchema.extend({
  email: emailSchema.max(320),
  clinics: z.array(roleGrantSchema).max(500).default([]),
  npi: optionalNpiSchema.nullish(),
  samlConnectionName: z
    .string()
    .trim()
    .regex(/^[^|]+$/, { error: "must not contain '|'" })
    .default('UNKNOWN'),
});

export const userSortFields = [
  'firstName',
  'lastName',
  'email',
  'createdAt',
  'updatedAt',
  'lastSignInAt',
] as const;
export type UserSortField = (typeof userSortFields)[number];
const userSortValues = userSortFields.flatMap((field) => [field, `-${field}`] as const);

export const userListQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
  rows: z.coerce.number().int().min(1).max(100).default(25),
  order: z.enum(userSortValues).default('firstName'),
  search: z.string().trim().max(100).optional().describe('matches name or e-mail'),
  'filter[role]': z.enum(ROLES).optional(),
  'filter[isLocked]': z.enum(['true', 'false']).optional(),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

export const userAttributesSchema = z.object({
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  title: z.string(),
  suffixes: z.string(),
  npi: z.string().nullable(),
  phone: z.string(),
  homePage: z.string(),
  roles: z.array(z.object({ role: z.string(), clinicNPI: z.string() })),
  isIrhUser: z.boolean(),
  isLocked: z.boolean(),
  accountState: z
    .enum(USER_ACCOUNT_STATES)
    .describe(
      "'invited': no password yet; 'active'; 'locked': by an administrator; 'temporarily-locked': after five failed sign-ins, for 15 minutes",
    ),
  lastSignInAt: z.iso
    .datetime()
    .nullable()
    .describe("the last sign-in through the portal's login page; null when never"),
  samlProfileId: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type UserAttributes = z.infer<typeof userAttributesSchema>;

/** A user as the /api/users routes return it. */
export const userResourceSchema = z
  .object({ id: z.string(), attributes: userAttributesSchema })
  .meta({ id: 'User' });
export type UserResource = z.infer<typeof userResourceSchema>;

export const userListSchema = z.object({
  links: pageLinksSchema,
  data: z.array(userResourceSchema),
  metadata: pageMetadataSchema,
});
export type UserList = z.infer<typeof userListSchema>;

/** A clinic's providers (SPEC §5): with an NPI, not locked, sorted by name. */
export const providerListSchema = z.object({ data: z.array(userResourceSchema) });
export type ProviderList = z.infer<typeof providerListSchema>;

/** A clinic the signed-in user may open (the clinic picker). */
export const allowedClinicSchema = z.object({
  id: z.string(),
  npi: z.string(),
  code: z.string(),
  name: z.string(),
});
export type AllowedClinic = z.infer<typeof allowedClinicSchema>;

/** GET /api/users/me. */
export const currentUserSchema = z.object({
  user: userResourceSchema,
  allowedClinics: z.array(allowedClinicSchema),
  notificationChannel: z
    .string()
    .describe("The user's private realtime channel: subscribe to it for new-notification events"),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const usersResponseContracts = [
  defineResponseContract('GET', '/api/users/me', currentUserSchema),
  defineResponseContract('GET', '/api/users', userListSchema),
  defineResponseContract('GET', '/api/users/clinics/:npi', userListSchema),
  defineResponseContract('GET', '/api/users/clinics/:npi/providers', providerListSchema),
  defineResponseContract('POST', '/api/users/create', userResourceSchema),
  defineResponseContract('GET', '/api/users/:id', userResourceSchema),
  defineResponseContract('PUT', '/api/users/:id', userResourceSchema),
  defineResponseContract('PATCH', '/api/users/:id', userResourceSchema),
  defineResponseContract('POST', '/api/users/:id/lock-state', userResourceSchema),
  defineResponseContract('POST', '/api/users/:id/tickets/password-change', passwordTicketSchema),
  defineResponseContract('GET', '/api/user-auth/clinics/:npi/users', userListSchema),
  defineResponseContract('POST', '/api/user-auth/users', userResourceSchema),
  defineResponseContract('PATCH', '/api/user-auth/users/updateUserByEmail/:email', userResourceSchema),
  defineResponseContract('PATCH', '/api/user-auth/users/:email', userResourceSchema),
] as const;
