import { assertCan, GLOBAL_CLINIC_NPI, inAppPreferencesSchema, notificationTypeSchema } from '@portal/domain';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { requireActor } from '../../auth/actor';
import type { Config } from '../../config';
import { type Db, inTransaction } from '../../db/transaction';
import { NotFoundError, UnprocessableError } from '../../http/errors';
import { errorResponses } from '../../http/schemas';
import { createNotifications } from './create-notifications';
import { createEmailSender, listEmailOutbox } from './email-outbox';
import { listNotifications } from './list-notifications';
import { getInAppPreferences, updateInAppPreferences } from './notification-preferences';
import { startReminderScheduler } from './reminders';

const notificationSchema = z.object({
  id: z.string(),
  isRead: z.boolean(),
  createdAt: z.string(),
  type: z.string(),
  category: z.string(),
  url: z.string().nullable(),
  text: z.string(),
  title: z.string(),
  subTitle: z.string().nullable(),
  fromUserId: z.string().nullable(),
  userIds: z.array(z.string()),
  srcApplication: z.string().nullable(),
  documentId: z.string().nullable().describe('the document a notification is about, for the report lookup'),
});

const listQuery = z.object({
  sort: z
    .enum(['createdAt', '-createdAt'], { error: "must be 'createdAt' or '-createdAt'" })
    .default('-createdAt'),
  isRead: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
  limit: z.coerce
    .number({ error: 'must be a whole number from 1 to 100' })
    .int({ error: 'must be a whole number from 1 to 100' })
    .min(1, { error: 'must be a whole number from 1 to 100' })
    .max(100, { error: 'must be a whole number from 1 to 100' })
    .optional(),
  offset: z.coerce
    .number({ error: 'must be a whole number of at least 0' })
    .int({ error: 'must be a whole number of at least 0' })
    .min(0, { error: 'must be a whole number of at least 0' })
    .optional(),
});

const idParams = z.object({ id: z.uuid({ error: 'must be a notification id' }) });
const preferencesResponse = z.object({ inAppPreferences: inAppPreferencesSchema });
const sendBody = z.strictObject({
  fromUserId: z.string().max(200).nullish(),
  userIds: z.array(z.string().min(1).max(200)).min(1, { error: 'must name at least one user' }).max(10_000),
  srcApplication: z.string().max(100).nullish(),
  url: z
    .string()
    .max(2000)
    .regex(/^\/(?!\/)/, { error: 'must be a path inside the portal' })
    .nullish(),
  title: z.string().trim().min(1, { error: 'is required' }).max(200),
  type: notificationTypeSchema,
  text: z.string().trim().min(1, { error: 'is required' }).max(2000),
});

const tags = ['notifications'];

/** SPEC §7 Notifications: each user reads and changes only their own; admins and the system send. */
const notificationsPlugin: FastifyPluginAsyncZod<{
  db: Db;
  config: Pick<Config, 'smtpUrl' | 'emailFrom' | 'reminders' | 'reminderHourUtc' | 'publicUrl'>;
}> = async (app, { db, config }) => {
  const emailSender = createEmailSender({
    db,
    smtpUrl: config.smtpUrl,
    from: config.emailFrom,
    log: app.log,
  });
  const stopReminders = config.reminders
    ? startReminderScheduler({
        db,
        publicUrl: config.publicUrl,
        hourUtc: config.reminderHourUtc,
        log: app.log,
        afterRun: emailSender.wake,
      })
    : () => {};
  app.decorate('emailOutbox', { wake: emailSender.wake });
  app.addHook('onClose', async () => {
    stopReminders();
    await emailSender.stop();
  });

  app.get(
    '/api/notifications/in-app',
    {
      config: { auth: 'authenticated' },
      schema: {
        tags,
        summary: "The signed-in user's notifications, newest first, 25 a page",
        querystring: listQuery,
        response: {
          200: z.object({
            totalCount: z.number(),
            unreadCount: z.number(),
            data: z.array(notificationSchema),
          }),
          ...errorResponses(400, 401),
        },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const { isRead, ...rest } = request.query;
      return listNotifications(db, actor.id, {
        ...rest,
        isRead: isRead === undefined ? undefined : isRead === 'true',
      });
    },
  );

  app.patch(
    '/api/notifications/in-app/:id',
    {
      config: { auth: 'authenticated' },
      schema: {
        tags,
        summary: 'Mark one of your notifications read or unread',
        params: idParams,
        body: z.strictObject({ isRead: z.boolean() }),
        response: {
          200: notificationSchema.pick({ id: true, isRead: true }),
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const row = await db
        .updateTable('notifications')
        .set({ isRead: request.body.isRead })
        .where('id', '=', request.params.id)
        .where('userId', '=', actor.id)
        .returning(['id', 'isRead'])
        .executeTakeFirst();
      if (!row) throw new NotFoundError('Notification');
      return row;
    },
  );

  app.delete(
    '/api/notifications/in-app/:id',
    {
      config: { auth: 'authenticated' },
      schema: {
        tags,
        summary: 'Delete one of your notifications',
        params: idParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const deleted = await db
        .deleteFrom('notifications')
        .where('id', '=', request.params.id)
        .where('userId', '=', actor.id)
        .executeTakeFirst();
      if (Number(deleted.numDeletedRows) === 0) throw new NotFoundError('Notification');
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/notifications/in-app/mark-all-as-read',
    {
      config: { auth: 'authenticated' },
      schema: {
        tags,
        summary: 'Mark all your notifications read',
        response: { 200: z.object({ updated: z.number() }), ...errorResponses(401) },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const result = await db
        .updateTable('notifications')
        .set({ isRead: true })
        .where('userId', '=', actor.id)
        .where('isRead', '=', false)
        .executeTakeFirst();
      return { updated: Number(result.numUpdatedRows) };
    },
  );

  app.post(
    '/api/notifications/in-app/delete-all-read',
    {
      config: { auth: 'authenticated' },
      schema: {
        tags,
        summary: 'Delete all your read notifications',
        response: { 200: z.object({ deleted: z.number() }), ...errorResponses(401) },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const result = await db
        .deleteFrom('notifications')
        .where('userId', '=', actor.id)
        .where('isRead', '=', true)
        .executeTakeFirst();
      return { deleted: Number(result.numDeletedRows) };
    },
  );

  app.post(
    '/api/notifications/in-app',
    {
      config: { permission: 'notification:send' },
      schema: {
        tags,
        summary: 'Send a notification to users (provider-company administrators and the system)',
        body: sendBody,
        response: { 201: z.object({ ids: z.array(z.string()) }), ...errorResponses(400, 401, 403, 422) },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      assertCan(actor.user, 'notification:send', GLOBAL_CLINIC_NPI);
      const body = request.body;
      const ids = await inTransaction(db, async (tx) => {
        const userIds = [...new Set(body.userIds)];
        const found = await tx
          .selectFrom('users')
          .select('id')
          .where(sql<boolean>`id = any(${userIds}::text[])`)
          .execute();
        const known = new Set(found.map((row) => row.id));
        const unknown = userIds.filter((id) => !known.has(id));
        if (unknown.length > 0)
          throw new UnprocessableError('Some recipients do not exist', [
            { field: 'userIds', message: `unknown user ids: ${unknown.slice(0, 5).join(', ')}` },
          ]);
        return createNotifications(tx, {
          userIds,
          type: body.type,
          title: body.title,
          text: body.text,
          url: body.url ?? null,
          // The sender is the signed-in administrator, whatever the body claims.
          fromUserId: actor.id,
          srcApplication: body.srcApplication ?? 'portal',
        });
      });
      return reply.code(201).send({ ids });
    },
  );

  app.post(
    '/api/notifications/in-app/test',
    {
      config: { auth: 'authenticated' },
      schema: {
        tags,
        summary: 'Send yourself a test notification (it arrives live on your channel)',
        response: { 201: z.object({ ids: z.array(z.string()) }), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const ids = await inTransaction(db, (tx) =>
        createNotifications(tx, {
          userIds: [actor.id],
          type: 'info',
          title: 'Test notification',
          text: 'Notifications reach you on this device.',
          fromUserId: actor.id,
        }),
      );
      return reply.code(201).send({ ids });
    },
  );

  app.get(
    '/api/notifications/preferences',
    {
      config: { auth: 'authenticated' },
      schema: {
        tags,
        summary: 'Your notification preferences',
        response: { 200: preferencesResponse, ...errorResponses(401) },
      },
    },
    async (request) => ({ inAppPreferences: await getInAppPreferences(db, requireActor(request).id) }),
  );

  app.patch(
    '/api/notifications/preferences/in-app',
    {
      config: { auth: 'authenticated' },
      schema: {
        tags,
        summary: 'Change your in-app notification preferences (digests and realtime alerts)',
        body: inAppPreferencesSchema.partial().strict(),
        response: { 200: preferencesResponse, ...errorResponses(400, 401) },
      },
    },
    async (request) => ({
      inAppPreferences: await updateInAppPreferences(db, requireActor(request), request.body),
    }),
  );

  app.get(
    '/api/notifications/email-outbox',
    {
      config: { permission: 'notification:send' },
      schema: {
        tags,
        summary: 'E-mails the portal made, newest first (those not yet sent when no SMTP server is set)',
        querystring: z.object({
          limit: listQuery.shape.limit,
          offset: listQuery.shape.offset,
        }),
        response: {
          200: z.object({
            totalCount: z.number(),
            data: z.array(
              z.object({
                id: z.string(),
                to: z.string(),
                subject: z.string(),
                body: z.string(),
                kind: z.string(),
                createdAt: z.string(),
                sentAt: z.string().nullable(),
                attempts: z.number(),
                lastError: z.string().nullable(),
              }),
            ),
          }),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => {
      assertCan(requireActor(request).user, 'notification:send', GLOBAL_CLINIC_NPI);
      return listEmailOutbox(db, request.query);
    },
  );
};

// Not encapsulated: the e-mail outbox's wake-up is the application's (tests and reminders use it).
export const notificationsRoutes = fp(notificationsPlugin, { name: 'notifications' });

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends queued e-mail now rather than at the next poll. */
    emailOutbox: { wake: () => void };
  }
}
