// The notifications API's shapes are the domain contract's (notifications.contract.ts); these are the
// names this feature reads them by.
export type {
  EmailOutboxEntry as OutboxEmail,
  EmailOutboxPage as OutboxPage,
  InAppPreferences as NotificationPreferences,
  NotificationPage,
  NotificationResource as NotificationItem,
} from '@portal/domain';
