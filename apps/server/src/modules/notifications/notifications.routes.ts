import {
  createdNotificationsSchema,
  deletedAllReadSchema,
  emailOutboxPageSchema,
  emailOutboxQuerySchema,
  inAppPreferencesChangeSchema,
  markedAllReadSchema,
  notificationIdParamsSchema,
  notificationListQuerySchema,
  notificationPageSchema,
  notificationPreferencesResponseSchema,
  notificationReadBodySchema,
  notificationReadStateSchema,
  sendNotificationBodySchema,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../auth/actor';
import type { Db } from '../../db/transaction';
import { errorResponses } from '../../http/schemas';
import { deleteAllReadNotifications } from './delete-all-read-notifications';
import { deleteNotification } from './delete-notification';
import { getInAppPreferences } from './get-notification-preferences';
import { listEmailOutbox } from './list-email-outbox';
import { listNotifications } from './list-notifications';
import { markAllNotificationsRead } from './mark-all-notifications-read';
import { markNotificationRead } from './mark-notification-read';
import { sendNotification } from './send-notification';
import { sendTestNotification } from './send-test-notification';
import { updateInAppPreferences } from './update-notification-preferences';

const tags = ['notifications'];

/** SPEC §7 Notifications: each user reads and changes only their own; admins and the system send. */
export const notificationsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/notifications/in-app',
    {
      config: { auth: 'authenticated' },
      schema: {
        tags,
        summary: "The signed-in user's notifications, newest first, 25 a page",
        querystring: notificationListQuerySchema,
        response: { 200: notificationPageSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const { isRead, ...rest } = request.query;
      return listNotifications(db, requireActor(request), {
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
        params: notificationIdParamsSchema,
        body: notificationReadBodySchema,
        response: { 200: notificationReadStateSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      markNotificationRead(db, requireActor(request), { id: request.params.id, isRead: request.body.isRead }),
  );

  app.delete(
    '/api/notifications/in-app/:id',
    {
      config: { auth: 'authenticated' },
      schema: {
        tags,
        summary: 'Delete one of your notifications',
        params: notificationIdParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await deleteNotification(db, requireActor(request), request.params.id);
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
        response: { 200: markedAllReadSchema, ...errorResponses(401) },
      },
    },
    async (request) => markAllNotificationsRead(db, requireActor(request)),
  );

  app.post(
    '/api/notifications/in-app/delete-all-read',
    {
      config: { auth: 'authenticated' },
      schema: {
        tags,
        summary: 'Delete all your read notifications',
        response: { 200: deletedAllReadSchema, ...errorResponses(401) },
      },
    },
    async (request) => deleteAllReadNotifications(db, requireActor(request)),
  );

  app.post(
    '/api/notifications/in-app',
    {
      config: { permission: 'notification:send' },
      schema: {
        tags,
        summary: 'Send a notification to users (provider-company administrators and the system)',
        body: sendNotificationBodySchema,
        response: { 201: createdNotificationsSchema, ...errorResponses(400, 401, 403, 422) },
      },
    },
    async (request, reply) => {
      const ids = await sendNotification(db, requireActor(request), request.body);
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
        response: { 201: createdNotificationsSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const ids = await sendTestNotification(db, requireActor(request));
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
        response: { 200: notificationPreferencesResponseSchema, ...errorResponses(401) },
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
        body: inAppPreferencesChangeSchema,
        response: { 200: notificationPreferencesResponseSchema, ...errorResponses(400, 401) },
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
        querystring: emailOutboxQuerySchema,
        response: { 200: emailOutboxPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listEmailOutbox(db, requireActor(request), request.query),
  );
};
