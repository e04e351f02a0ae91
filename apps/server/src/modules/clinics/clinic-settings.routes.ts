import {
  assertCan,
  CLINIC_WIDE_SETTINGS_USER_ID,
  clinicsWherePermitted,
  DEFAULT_OBSERVATION_PROMPTS,
  GLOBAL_CLINIC_NPI,
  NOTE_MAX_LENGTH,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Insertable } from 'kysely';
import { z } from 'zod';
import { type Actor, requireActor } from '../../auth/actor';
import type { SignatureSettingsTable } from '../../db/schema';
import { type Db, inTransaction, type Tx } from '../../db/transaction';
import { ConflictError, NotFoundError } from '../../http/errors';
import { errorResponses } from '../../http/schemas';
import { recordAuditEvent } from '../audit/record-audit-event';

import {
  loadSignatureSettings,
  SIGNATURE_NOTE_FIELDS,
  SIGNATURE_PROMPT_FIELDS,
} from './load-signature-settings';

const PROMPT_FIELDS = SIGNATURE_PROMPT_FIELDS;
const NOTE_FIELDS = SIGNATURE_NOTE_FIELDS;

const promptList = z
  .array(
    z
      .string()
      .trim()
      .min(1, { error: 'must not be empty' })
      .max(500)
      .refine((prompt) => !/[\r\n]/.test(prompt), { error: 'must be one line' }),
  )
  .max(50);
const note = z.string().max(NOTE_MAX_LENGTH);

const signatureSettingsSchema = z.object({
  userId: z.string(),
  crmPrompts: z.array(z.string()),
  wcdPrompts: z.array(z.string()),
  sleepPrompts: z.array(z.string()),
  abpmPrompts: z.array(z.string()),
  rpmPrompts: z.array(z.string()),
  noIssuesNote: z.string(),
  quickSignNote: z.string(),
  bulkSignNote: z.string(),
  rpmSelectByDos: z.boolean(),
  bulkSignEnabled: z
    .boolean()
    .describe(
      "the provider's opt-in to bulk signing; counts only where the clinic allows bulk signing. A user's own settings, else the clinic-wide ones ('0'); off by default",
    ),
  isDefault: z.boolean().describe('true when nothing is stored for this user or clinic: the SPEC defaults'),
});
const signaturePatchSchema = z.strictObject({
  crmPrompts: promptList.optional(),
  wcdPrompts: promptList.optional(),
  sleepPrompts: promptList.optional(),
  abpmPrompts: promptList.optional(),
  rpmPrompts: promptList.optional(),
  noIssuesNote: note.optional(),
  quickSignNote: note.optional(),
  bulkSignNote: note.optional(),
  rpmSelectByDos: z.boolean().optional(),
  bulkSignEnabled: z.boolean().optional(),
});
const signatureParams = z.object({
  npi: z.string().regex(/^\d{10}$/, { error: 'must be a 10-digit NPI' }),
  userId: z.string().min(1).max(400),
});
const deviceCheckSchema = z.object({ observationPrompts: z.array(z.string()), isDefault: z.boolean() });
const deviceCheckBody = z.strictObject({
  observationPrompts: promptList.min(1, { error: 'needs at least one prompt' }),
});
const npiParams = z.object({ npi: z.string().regex(/^\d{10}$/, { error: 'must be a 10-digit NPI' }) });

const split = (text: string) => text.split('\n').filter((line) => line.trim() !== '');

/** A clinic the actor belongs to (404 otherwise, as for a clinic that does not exist). */
async function assertClinicMember(db: Db | Tx, actor: Actor, npi: string) {
  const scope = clinicsWherePermitted(actor.user, 'clinic:read');
  const clinic = await db.selectFrom('organizations').select('id').where('npi', '=', npi).executeTakeFirst();
  if (!clinic || (scope !== 'all' && !scope.includes(npi))) throw new NotFoundError('Clinic');
}

/** Clinic-wide settings and other people's need a clinic administrator; one's own settings are one's own. */
function assertMayManageSignatureSettings(actor: Actor, npi: string, userId: string) {
  if (userId !== actor.id) assertCan(actor.user, 'clinic:update-settings', npi);
}

/**
 * Settings belong to the clinic ('0') or to a user with a role there (or at every clinic, '*'); any other
 * id, made up or of someone from another clinic, is not found.
 */
async function assertSignatureSettingsOwner(db: Db | Tx, npi: string, userId: string) {
  if (userId === CLINIC_WIDE_SETTINGS_USER_ID) return;
  const user = await db.selectFrom('users').select('roles').where('id', '=', userId).executeTakeFirst();
  const hasRoleHere = user?.roles.some(
    (grant) => grant.clinicNPI === npi || grant.clinicNPI === GLOBAL_CLINIC_NPI,
  );
  if (!hasRoleHere) throw new NotFoundError('User');
}

/** SPEC §7 Customers: signature settings per clinic and user, and device-check settings per clinic. */
export const clinicSettingsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const tags = ['customers'];

  app.get(
    '/api/customers/clinics/:npi/signature-settings/:userId',
    {
      config: { permission: 'clinic:read' },
      schema: {
        tags,
        summary:
          "Signature settings of a user at a clinic ('0' = clinic-wide); defaults when none are stored",
        params: signatureParams,
        response: { 200: signatureSettingsSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const { npi, userId } = request.params;
      await assertClinicMember(db, actor, npi);
      if (userId !== CLINIC_WIDE_SETTINGS_USER_ID) assertMayManageSignatureSettings(actor, npi, userId);
      await assertSignatureSettingsOwner(db, npi, userId);
      return loadSignatureSettings(db, npi, userId);
    },
  );

  app.patch(
    '/api/customers/clinics/:npi/signature-settings/:userId',
    {
      config: { permission: 'clinic:read' },
      schema: {
        tags,
        summary: 'Change signature settings (prompt lists are stored newline-joined)',
        params: signatureParams,
        body: signaturePatchSchema,
        response: { 200: signatureSettingsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const { npi, userId } = request.params;
      return inTransaction(db, async (tx) => {
        await assertClinicMember(tx, actor, npi);
        assertMayManageSignatureSettings(actor, npi, userId);
        await assertSignatureSettingsOwner(tx, npi, userId);
        const before = await loadSignatureSettings(tx, npi, userId);
        const merged = { ...before, ...request.body };
        const row = {
          clinicNpi: npi,
          userId,
          ...Object.fromEntries(PROMPT_FIELDS.map((field) => [field, merged[field].join('\n')])),
          ...Object.fromEntries(NOTE_FIELDS.map((field) => [field, merged[field]])),
          rpmSelectByDos: merged.rpmSelectByDos,
          bulkSignEnabled: merged.bulkSignEnabled,
          updatedBy: actor.id,
          updatedAt: new Date(),
        } as Insertable<SignatureSettingsTable>;
        await tx
          .insertInto('signatureSettings')
          .values(row)
          .onConflict((conflict) => conflict.columns(['clinicNpi', 'userId']).doUpdateSet(row))
          .execute();
        const after = await loadSignatureSettings(tx, npi, userId);
        await recordAuditEvent(tx, {
          clinicNpi: npi,
          entityType: 'setting',
          entityId: `signature-settings:${userId}`,
          eventType: 'workflow_modification',
          actorId: actor.id,
          before,
          after,
        });
        return after;
      });
    },
  );

  const readDeviceCheck = async (executor: Db | Tx, npi: string) => {
    const row = await executor
      .selectFrom('deviceCheckSettings')
      .selectAll()
      .where('clinicNpi', '=', npi)
      .executeTakeFirst();
    return row
      ? { observationPrompts: split(row.observationPrompts), isDefault: false }
      : { observationPrompts: [...DEFAULT_OBSERVATION_PROMPTS], isDefault: true };
  };

  app.get(
    '/api/customers/device-check-settings/:npi',
    {
      config: { permission: 'clinic:read' },
      schema: {
        tags,
        summary: "A clinic's device-check observation prompts (defaults when none are stored)",
        params: npiParams,
        response: { 200: deviceCheckSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      await assertClinicMember(db, requireActor(request), request.params.npi);
      return readDeviceCheck(db, request.params.npi);
    },
  );

  const writeDeviceCheck =
    (method: 'POST' | 'PATCH' | 'DELETE') => async (actor: Actor, npi: string, prompts: string[] | null) =>
      inTransaction(db, async (tx) => {
        await assertClinicMember(tx, actor, npi);
        assertCan(actor.user, 'clinic:update-settings', npi);
        const before = await readDeviceCheck(tx, npi);
        // POST while the settings are the defaults, PATCH afterwards (SPEC §7); DELETE returns to the defaults.
        if (method === 'POST' && !before.isDefault)
          throw new ConflictError('The clinic already has device-check settings: use PATCH');
        if (method === 'PATCH' && before.isDefault) throw new NotFoundError('Device-check settings');
        if (prompts === null) {
          await tx.deleteFrom('deviceCheckSettings').where('clinicNpi', '=', npi).execute();
        } else {
          const values = {
            clinicNpi: npi,
            observationPrompts: prompts.join('\n'),
            updatedBy: actor.id,
            updatedAt: new Date(),
          };
          await tx
            .insertInto('deviceCheckSettings')
            .values(values)
            .onConflict((conflict) => conflict.column('clinicNpi').doUpdateSet(values))
            .execute();
        }
        const after = await readDeviceCheck(tx, npi);
        await recordAuditEvent(tx, {
          clinicNpi: npi,
          entityType: 'setting',
          entityId: 'device-check-settings',
          eventType: 'workflow_modification',
          actorId: actor.id,
          before,
          after,
        });
        return after;
      });

  for (const method of ['POST', 'PATCH'] as const) {
    app.route({
      method,
      url: '/api/customers/device-check-settings/:npi',
      config: { permission: 'clinic:update-settings' },
      schema: {
        tags,
        summary:
          method === 'POST'
            ? 'Create device-check settings (while the clinic uses the defaults)'
            : 'Change device-check settings',
        params: npiParams,
        body: deviceCheckBody,
        response: {
          [method === 'POST' ? 201 : 200]: deviceCheckSchema,
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
      handler: async (request, reply) => {
        const body = request.body as z.infer<typeof deviceCheckBody>;
        const params = request.params as z.infer<typeof npiParams>;
        const result = await writeDeviceCheck(method)(
          requireActor(request),
          params.npi,
          body.observationPrompts,
        );
        return reply.code(method === 'POST' ? 201 : 200).send(result);
      },
    });
  }

  app.delete(
    '/api/customers/device-check-settings/:npi',
    {
      config: { permission: 'clinic:update-settings' },
      schema: {
        tags,
        summary: 'Return to the default device-check settings',
        params: npiParams,
        response: { 200: deviceCheckSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => writeDeviceCheck('DELETE')(requireActor(request), request.params.npi, null),
  );
};
