import { isValidNpi, ROLES, samlProfileSchema, USER_ACCOUNT_STATES } from '@portal/domain';
import { z } from 'zod';
import { pageLinksSchema } from '../../http/paging';

const roleGrantSchema = z.object({
  role: z.enum(ROLES),
  clinicNPI: z.string().regex(/^(\*|\d{10})$/, { error: "must be a 10-digit NPI or '*'" }),
});

const optionalText = (max: number) => z.string().trim().max(max);

/** The editable profile (SPEC §3 User). */
export const userProfileSchema = z.object({
  email: z.email({ error: 'must be an e-mail address' }).max(320),
  firstName: optionalText(100).default(''),
  lastName: optionalText(100).default(''),
  title: optionalText(40).default(''),
  suffixes: optionalText(60).default(''),
  npi: z
    .string()
    .trim()
    .refine((value) => value === '' || isValidNpi(value), { error: 'must be a valid 10-digit NPI' })
    .nullable()
    .default(null),
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

export const userIdParamsSchema = z.object({ id: z.string().min(1).max(400) });
export const clinicParamsSchema = z.object({
  npi: z.string().regex(/^\d{10}$/, { error: 'must be a 10-digit NPI' }),
});
export const emailParamsSchema = z.object({ email: z.email({ error: 'must be an e-mail address' }) });

export const lockStateBodySchema = z.strictObject({ isLocked: z.boolean() });
export const passwordTicketBodySchema = z.strictObject({ returnUrl: z.url({ error: 'must be a URL' }) });
export const passwordTicketSchema = z.object({ ticket: z.url(), expiresAt: z.iso.datetime() });

export const samlProfileBodySchema = samlProfileSchema.extend({
  email: z.email({ error: 'must be an e-mail address' }).max(320),
  clinics: z.array(roleGrantSchema).max(500).default([]),
  npi: z
    .string()
    .trim()
    .refine((value) => value === '' || isValidNpi(value), { error: 'must be a valid 10-digit NPI' })
    .nullish(),
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
const sortValues = userSortFields.flatMap((field) => [field, `-${field}`] as const);

export const userListQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
  rows: z.coerce.number().int().min(1).max(100).default(25),
  order: z.enum(sortValues).default('firstName'),
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

export const userResourceSchema = z
  .object({ id: z.string(), attributes: userAttributesSchema })
  .meta({ id: 'User' });
export type UserResource = z.infer<typeof userResourceSchema>;

export const userListSchema = z.object({
  links: pageLinksSchema,
  data: z.array(userResourceSchema),
  metadata: z.object({ totalCount: z.number().int(), page: z.number().int(), rows: z.number().int() }),
});

export const currentUserSchema = z.object({
  user: userResourceSchema,
  allowedClinics: z.array(z.object({ id: z.string(), npi: z.string(), code: z.string(), name: z.string() })),
  notificationChannel: z
    .string()
    .describe("The user's private realtime channel: subscribe to it for new-notification events"),
});
