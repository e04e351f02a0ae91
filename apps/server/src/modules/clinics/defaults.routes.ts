import { assertCan, checkSettingValue, SETTING_VALUE_TYPES } from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Actor, requireActor } from '../../auth/actor';
import { type Db, inTransaction } from '../../db/transaction';
import { ConflictError, NotFoundError, UnprocessableError } from '../../http/errors';
import { errorResponses } from '../../http/schemas';
import { recordAuditEvent } from '../audit/record-audit-event';

const flagBody = z.strictObject({
  name: z
    .string()
    .trim()
    .regex(/^[A-Za-z][A-Za-z0-9]{1,99}$/, { error: 'must be a camelCase name' }),
  title: z.string().trim().min(1, { error: 'is required' }).max(200),
  description: z.string().trim().max(2000).default(''),
  enabled: z.boolean(),
});
const workflowBody = flagBody.extend({
  valueType: z.enum(SETTING_VALUE_TYPES),
  value: z
    .union([z.string().max(20_000), z.number()])
    .nullable()
    .default(null),
});
const flagSchema = flagBody.extend({ id: z.string() });
const workflowSchema = workflowBody.extend({ id: z.string(), value: z.string().nullable() });
const idParams = z.object({ id: z.uuid({ error: 'must be a default id' }) });

type Kind = 'feature-flags' | 'workflows';
const TABLE = { 'feature-flags': 'featureFlagDefaults', workflows: 'workflowDefaults' } as const;
const ENTITY = { 'feature-flags': 'feature-flag-default', workflows: 'workflow-default' } as const;

/** A workflow default's value must fit its valueType and, for a number, its range (422 naming 'value'). */
function checkValue(body: { name?: unknown; valueType?: string; value?: string | number | null }) {
  if (body.valueType === undefined || body.value === null || body.value === undefined)
    return body.value ?? null;
  const text = String(body.value);
  const checked = checkSettingValue(
    { name: String(body.name), valueType: body.valueType as (typeof SETTING_VALUE_TYPES)[number] },
    text,
  );
  if (!checked.ok)
    throw new UnprocessableError('The value does not fit the setting', [
      { field: 'value', message: checked.message },
    ]);
  return text;
}

async function saveDefault(db: Db, actor: Actor, kind: Kind, body: Record<string, unknown>, id?: string) {
  assertCan(actor.user, 'defaults:manage', '*');
  const table = TABLE[kind];
  const values =
    kind === 'workflows'
      ? { ...body, value: checkValue(body as { name: string; valueType: string; value: string | null }) }
      : body;
  return inTransaction(db, async (tx) => {
    const clash = await tx
      .selectFrom(table)
      .select('id')
      .where('name', '=', String(body.name))
      .$if(Boolean(id), (query) => query.where('id', '!=', id as string))
      .executeTakeFirst();
    if (clash)
      throw new ConflictError('A default with this name already exists', [
        { field: 'name', message: 'is already in use' },
      ]);
    const before = id
      ? await tx.selectFrom(table).selectAll().where('id', '=', id).forUpdate().executeTakeFirst()
      : undefined;
    if (id && !before) throw new NotFoundError('Default');
    // Clinics keep their own values under the name: renaming would silently orphan them.
    if (before && before.name !== body.name)
      throw new UnprocessableError('A default keeps its name', [
        { field: 'name', message: 'cannot be changed; create a new default instead' },
      ]);
    const row = id
      ? await tx
          .updateTable(table)
          .set(values as never)
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow()
      : await tx
          .insertInto(table)
          .values(values as never)
          .returningAll()
          .executeTakeFirstOrThrow();
    await recordAuditEvent(tx, {
      clinicNpi: null,
      entityType: ENTITY[kind],
      entityId: row.id,
      eventType: id ? 'workflow_modification' : 'created',
      actorId: actor.id,
      before: before ?? null,
      after: row,
    });
    return row;
  });
}

/**
 * The global defaults every clinic inherits (SPEC §7 defaults/feature-flags and defaults/workflows).
 * Deleting one removes it from every clinic's merged view, since the merge ignores names without a default.
 */
export const defaultsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  for (const kind of ['feature-flags', 'workflows'] as const) {
    const body = kind === 'workflows' ? workflowBody : flagBody;
    const item = kind === 'workflows' ? workflowSchema : flagSchema;
    const tags = ['customers'];
    const base = `/api/customers/defaults/${kind}`;

    app.get(
      base,
      {
        config: { permission: 'clinic:read' },
        schema: {
          tags,
          summary: `The global ${kind} defaults`,
          response: { 200: z.object({ data: z.array(item) }), ...errorResponses(401, 403) },
        },
      },
      async () => ({ data: await db.selectFrom(TABLE[kind]).selectAll().orderBy('name').execute() }),
    );

    app.post(
      base,
      {
        config: { permission: 'defaults:manage' },
        schema: {
          tags,
          summary: `Create a ${kind} default`,
          body,
          response: { 201: item, ...errorResponses(400, 401, 403, 409, 422) },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await saveDefault(db, requireActor(request), kind, request.body)),
    );

    app.put(
      `${base}/:id`,
      {
        config: { permission: 'defaults:manage' },
        schema: {
          tags,
          summary: `Update a ${kind} default`,
          params: idParams,
          body,
          response: { 200: item, ...errorResponses(400, 401, 403, 404, 409, 422) },
        },
      },
      async (request) => saveDefault(db, requireActor(request), kind, request.body, request.params.id),
    );

    app.delete(
      `${base}/:id`,
      {
        config: { permission: 'defaults:manage' },
        schema: {
          tags,
          summary: `Delete a ${kind} default`,
          params: idParams,
          response: { 204: z.null(), ...errorResponses(401, 403, 404) },
        },
      },
      async (request, reply) => {
        const actor = requireActor(request);
        assertCan(actor.user, 'defaults:manage', '*');
        await inTransaction(db, async (tx) => {
          const row = await tx
            .selectFrom(TABLE[kind])
            .selectAll()
            .where('id', '=', request.params.id)
            .forUpdate()
            .executeTakeFirst();
          if (!row) throw new NotFoundError('Default');
          await tx.deleteFrom(TABLE[kind]).where('id', '=', row.id).execute();
          await recordAuditEvent(tx, {
            clinicNpi: null,
            entityType: ENTITY[kind],
            entityId: row.id,
            eventType: 'deleted',
            actorId: actor.id,
            before: row,
          });
        });
        return reply.code(204).send(null);
      },
    );
  }
};
