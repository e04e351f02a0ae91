import { type Kysely, sql } from 'kysely';

// In-app notifications (one row per recipient), each user's notification preferences, the realtime
// outbox (events leave after the commit of their cause, so a crash loses none), the e-mail outbox
// (kept for an administrator when no SMTP server is configured) and the reminder runs that make a
// daily or weekly reminder happen once across every server instance.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE notifications (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      type text NOT NULL,
      category text NOT NULL DEFAULT 'SYSTEM',
      title text NOT NULL,
      text text NOT NULL,
      sub_title text,
      url text,
      from_user_id text,
      src_application text,
      document_id uuid,
      is_read boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX notifications_user_newest_idx ON notifications (user_id, created_at DESC, id DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX notifications_user_unread_idx ON notifications (user_id) WHERE NOT is_read`.execute(
    db,
  );

  await sql`
    CREATE TABLE notification_preferences (
      user_id text PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
      enable_weekly_digest boolean NOT NULL,
      enable_daily_digest boolean NOT NULL,
      enable_realtime_alerts text NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  await sql`
    CREATE TABLE realtime_outbox (
      id bigserial PRIMARY KEY,
      -- One row per transaction: its events as [{channel, event, data}], in order.
      events jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      published_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX realtime_outbox_pending_idx ON realtime_outbox (id) WHERE published_at IS NULL`.execute(
    db,
  );

  await sql`
    CREATE TABLE email_outbox (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      to_address text NOT NULL,
      subject text NOT NULL,
      body text NOT NULL,
      kind text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      sent_at timestamptz,
      attempts integer NOT NULL DEFAULT 0,
      claimed_until timestamptz,
      last_error text
    )`.execute(db);
  await sql`CREATE INDEX email_outbox_pending_idx ON email_outbox (created_at) WHERE sent_at IS NULL`.execute(
    db,
  );

  await sql`
    CREATE TABLE reminder_runs (
      kind text NOT NULL,
      period text NOT NULL,
      started_at timestamptz NOT NULL DEFAULT now(),
      notified integer NOT NULL DEFAULT 0,
      PRIMARY KEY (kind, period)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'reminder_runs',
    'email_outbox',
    'realtime_outbox',
    'notification_preferences',
    'notifications',
  ])
    await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(db);
}
