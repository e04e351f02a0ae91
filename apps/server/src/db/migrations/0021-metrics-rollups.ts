import { type Kysely, sql } from 'kysely';

// Metrics (issue 17 §3–4) read rolled-up counts, never documents one by one. A trigger on documents writes
// the counts in the very transaction that changes a document, so no code path can forget them:
// - document_daily_counts: received, signed, acknowledged and trashed per UTC day, clinic, service line,
//   type and review class (the alert level, or routine), with deadlines met and missed at review;
// - document_review_times: how long reviews took, as a histogram per day, clinic and review class;
// - document_open_counts: the unsigned documents per clinic, review class and day of arrival (the backlog);
// - clinic_open_counts: the unsigned and the overdue documents per clinic and review class only, for the
//   ticker and the escalation queue across clinics. Being overdue changes with the clock, not with a
//   transaction: documents.past_due turns it into one. The metrics worker sets it on documents whose due
//   time has passed (a short range of an index), and reads count the few not yet marked from that index.
// The trigger only ever inserts rows (a +1 or a -1), so concurrent signings never wait on one hot counter
// row nor deadlock on two; every read sums, and a compactor folds each key's rows into one in the
// background (maintainMetricsRollups) to keep the sums short.
// Daily report runs keep the overdue counts of each reported day (daily_report_snapshots).

/** Review-time histogram bucket edges in minutes; bucket i holds times below edge i (the domain's copy). */
const REVIEW_TIME_EDGES_MINUTES = [
  15, 30, 60, 120, 240, 360, 480, 720, 1080, 1440, 2160, 2880, 4320, 5760, 7200, 10080, 14400, 20160, 30240,
  43200,
];

const ROLLUP_TABLES = [
  'document_daily_counts',
  'document_review_times',
  'document_open_counts',
  'clinic_open_counts',
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE document_daily_counts (
      clinic_npi text NOT NULL,
      day date NOT NULL,
      service_line text NOT NULL,
      type text NOT NULL,
      review_class text NOT NULL,
      received integer NOT NULL DEFAULT 0,
      signed integer NOT NULL DEFAULT 0,
      acknowledged integer NOT NULL DEFAULT 0,
      trashed integer NOT NULL DEFAULT 0,
      deadlines_met integer NOT NULL DEFAULT 0,
      deadlines_missed integer NOT NULL DEFAULT 0,
      compacted boolean NOT NULL DEFAULT false
    )`.execute(db);
  await sql`CREATE INDEX document_daily_counts_clinic_day_idx ON document_daily_counts (clinic_npi, day)`.execute(
    db,
  );
  await sql`CREATE INDEX document_daily_counts_day_idx ON document_daily_counts (day)`.execute(db);

  await sql`
    CREATE TABLE document_review_times (
      clinic_npi text NOT NULL,
      day date NOT NULL,
      review_class text NOT NULL,
      bucket smallint NOT NULL,
      reviews integer NOT NULL DEFAULT 0,
      compacted boolean NOT NULL DEFAULT false
    )`.execute(db);
  await sql`CREATE INDEX document_review_times_clinic_day_idx ON document_review_times (clinic_npi, day)`.execute(
    db,
  );

  await sql`
    CREATE TABLE document_open_counts (
      clinic_npi text NOT NULL,
      received_day date NOT NULL,
      review_class text NOT NULL,
      open integer NOT NULL DEFAULT 0,
      compacted boolean NOT NULL DEFAULT false
    )`.execute(db);
  await sql`CREATE INDEX document_open_counts_clinic_idx ON document_open_counts (clinic_npi, received_day)`.execute(
    db,
  );

  await sql`
    CREATE TABLE clinic_open_counts (
      clinic_npi text NOT NULL,
      review_class text NOT NULL,
      open integer NOT NULL DEFAULT 0,
      overdue integer NOT NULL DEFAULT 0,
      compacted boolean NOT NULL DEFAULT false
    )`.execute(db);
  await sql`CREATE INDEX clinic_open_counts_clinic_idx ON clinic_open_counts (clinic_npi)`.execute(db);
  // The compactor finds the rows the trigger added since its last fold without reading the folded ones.
  for (const table of ROLLUP_TABLES)
    await sql`CREATE INDEX ${sql.id(`${table}_unfolded_idx`)} ON ${sql.table(table)} (clinic_npi)
      WHERE NOT compacted`.execute(db);

  // Whether an unsigned document's due time has passed, as the metrics worker last saw (or a due time set in
  // the past): the rollups count overdue documents by it. Reads count the unmarked ones past due, and those
  // due later today, from this index: only the documents whose due time came since the worker's last pass.
  await sql`ALTER TABLE documents ADD COLUMN past_due boolean NOT NULL DEFAULT false`.execute(db);
  await sql`UPDATE documents SET past_due = true
    WHERE status = 'unsigned' AND deleted_at IS NULL AND due_at <= now()`.execute(db);
  await sql`CREATE INDEX documents_due_unmarked_idx ON documents (clinic_npi, due_at)
    WHERE status = 'unsigned' AND deleted_at IS NULL AND NOT past_due`.execute(db);
  await sql`CREATE INDEX documents_due_unmarked_all_idx ON documents (due_at)
    WHERE status = 'unsigned' AND deleted_at IS NULL AND NOT past_due`.execute(db);
  // The escalation queue filtered by level reads unsigned documents of one alert level by due time.
  await sql`CREATE INDEX documents_unsigned_alert_due_idx ON documents (alert, due_at)
    WHERE status = 'unsigned' AND deleted_at IS NULL`.execute(db);
  // The daily report counts the escalations taken on a day.
  await sql`CREATE INDEX document_escalations_fired_idx ON document_escalations (fired_at)`.execute(db);

  const edges = sql.raw(`ARRAY[${REVIEW_TIME_EDGES_MINUTES.join(',')}]::double precision[]`);
  await sql`
    CREATE FUNCTION metrics_review_class(alert text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
      SELECT CASE WHEN alert IN ('high', 'medium', 'low') THEN alert ELSE 'routine' END
    $$`.execute(db);
  await sql`
    CREATE FUNCTION metrics_utc_day(at timestamptz) RETURNS date LANGUAGE sql IMMUTABLE AS $$
      SELECT (at AT TIME ZONE 'UTC')::date
    $$`.execute(db);
  await sql`
    CREATE FUNCTION metrics_review_time_bucket(minutes double precision) RETURNS smallint
    LANGUAGE sql IMMUTABLE AS $$ SELECT width_bucket(greatest(minutes, 0), ${edges})::smallint $$`.execute(
    db,
  );

  await sql
    .raw(`
    CREATE FUNCTION documents_metrics_rollup() RETURNS trigger LANGUAGE plpgsql AS $fn$
    DECLARE
      was_open boolean := TG_OP <> 'INSERT' AND OLD.status = 'unsigned' AND OLD.deleted_at IS NULL;
      is_open boolean := TG_OP <> 'DELETE' AND NEW.status = 'unsigned' AND NEW.deleted_at IS NULL;
      reviewed_at timestamptz;
      moved boolean := false;
    BEGIN
      -- The backlog by day of arrival: take the old row out, put the new one in (when either is unsigned
      -- and not trashed, and what it is counted under changed).
      IF was_open AND (NOT is_open OR OLD.clinic_npi IS DISTINCT FROM NEW.clinic_npi
          OR OLD.alert IS DISTINCT FROM NEW.alert OR OLD.created_at IS DISTINCT FROM NEW.created_at) THEN
        INSERT INTO document_open_counts (clinic_npi, received_day, review_class, open)
        VALUES (OLD.clinic_npi, metrics_utc_day(OLD.created_at), metrics_review_class(OLD.alert), -1);
        moved := true;
      END IF;
      IF is_open AND (NOT was_open OR moved) THEN
        INSERT INTO document_open_counts (clinic_npi, received_day, review_class, open)
        VALUES (NEW.clinic_npi, metrics_utc_day(NEW.created_at), metrics_review_class(NEW.alert), 1);
      END IF;
      -- Unsigned and overdue per clinic and class, the same way.
      moved := false;
      IF was_open AND (NOT is_open OR OLD.clinic_npi IS DISTINCT FROM NEW.clinic_npi
          OR OLD.alert IS DISTINCT FROM NEW.alert OR OLD.past_due IS DISTINCT FROM NEW.past_due) THEN
        INSERT INTO clinic_open_counts (clinic_npi, review_class, open, overdue)
        VALUES (OLD.clinic_npi, metrics_review_class(OLD.alert), -1, CASE WHEN OLD.past_due THEN -1 ELSE 0 END);
        moved := true;
      END IF;
      IF is_open AND (NOT was_open OR moved) THEN
        INSERT INTO clinic_open_counts (clinic_npi, review_class, open, overdue)
        VALUES (NEW.clinic_npi, metrics_review_class(NEW.alert), 1, CASE WHEN NEW.past_due THEN 1 ELSE 0 END);
      END IF;
      IF TG_OP = 'DELETE' THEN RETURN NULL; END IF;

      -- The day's flows: each is counted on the day it happens. A document's arrival moves with it when
      -- what it is counted under changes (its alert level corrected, say).
      IF TG_OP = 'UPDATE' AND (OLD.clinic_npi, OLD.created_at, OLD.service_line, OLD.type, OLD.alert)
          IS DISTINCT FROM (NEW.clinic_npi, NEW.created_at, NEW.service_line, NEW.type, NEW.alert) THEN
        INSERT INTO document_daily_counts (clinic_npi, day, service_line, type, review_class, received)
        VALUES (OLD.clinic_npi, metrics_utc_day(OLD.created_at), OLD.service_line, OLD.type,
          metrics_review_class(OLD.alert), -1);
      END IF;
      IF TG_OP = 'INSERT' OR (OLD.clinic_npi, OLD.created_at, OLD.service_line, OLD.type, OLD.alert)
          IS DISTINCT FROM (NEW.clinic_npi, NEW.created_at, NEW.service_line, NEW.type, NEW.alert) THEN
        INSERT INTO document_daily_counts (clinic_npi, day, service_line, type, review_class, received)
        VALUES (NEW.clinic_npi, metrics_utc_day(NEW.created_at), NEW.service_line, NEW.type,
          metrics_review_class(NEW.alert), 1);
      END IF;
      IF NEW.status IN ('signed', 'acknowledged')
          AND (TG_OP = 'INSERT' OR OLD.status IS DISTINCT FROM NEW.status) THEN
        reviewed_at := coalesce(NEW.signed_at, now());
        INSERT INTO document_daily_counts (clinic_npi, day, service_line, type, review_class,
          signed, acknowledged, deadlines_met, deadlines_missed)
        VALUES (NEW.clinic_npi, metrics_utc_day(reviewed_at), NEW.service_line, NEW.type,
          metrics_review_class(NEW.alert),
          CASE WHEN NEW.status = 'signed' THEN 1 ELSE 0 END,
          CASE WHEN NEW.status = 'acknowledged' THEN 1 ELSE 0 END,
          CASE WHEN NEW.due_at IS NOT NULL AND reviewed_at <= NEW.due_at THEN 1 ELSE 0 END,
          CASE WHEN NEW.due_at IS NOT NULL AND reviewed_at > NEW.due_at THEN 1 ELSE 0 END);
        INSERT INTO document_review_times (clinic_npi, day, review_class, bucket, reviews)
        VALUES (NEW.clinic_npi, metrics_utc_day(reviewed_at), metrics_review_class(NEW.alert),
          metrics_review_time_bucket(extract(epoch FROM reviewed_at - NEW.created_at) / 60), 1);
      END IF;
      IF NEW.deleted_at IS NOT NULL AND (TG_OP = 'INSERT' OR OLD.deleted_at IS NULL) THEN
        INSERT INTO document_daily_counts (clinic_npi, day, service_line, type, review_class, trashed)
        VALUES (NEW.clinic_npi, metrics_utc_day(NEW.deleted_at), NEW.service_line, NEW.type,
          metrics_review_class(NEW.alert), 1);
      END IF;
      RETURN NULL;
    END
    $fn$`)
    .execute(db);
  // due_at is listed as the BEFORE trigger below sets past_due from it, and a column a trigger changes does
  // not count as updated.
  await sql`
    CREATE TRIGGER documents_metrics_rollup
    AFTER INSERT OR DELETE
      OR UPDATE OF status, deleted_at, alert, clinic_npi, created_at, service_line, type, past_due, due_at
      ON documents
    FOR EACH ROW EXECUTE FUNCTION documents_metrics_rollup()`.execute(db);

  // A due time set or moved says itself whether it has passed (the worker marks the rest as time goes by).
  await sql
    .raw(`
    CREATE FUNCTION documents_past_due_on_due_change() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      IF TG_OP = 'INSERT' OR NEW.due_at IS DISTINCT FROM OLD.due_at THEN
        NEW.past_due := NEW.due_at IS NOT NULL AND NEW.due_at <= now();
      END IF;
      RETURN NEW;
    END
    $fn$`)
    .execute(db);
  await sql`
    CREATE TRIGGER documents_past_due_on_due_change
    BEFORE INSERT OR UPDATE OF due_at ON documents
    FOR EACH ROW EXECUTE FUNCTION documents_past_due_on_due_change()`.execute(db);

  // Documents already here are counted once, as the trigger would have counted them.
  await backfillMetricsRollups(db);

  await sql`
    CREATE TABLE daily_report_snapshots (
      day date NOT NULL,
      clinic_npi text NOT NULL,
      overdue integer NOT NULL,
      overdue_patients integer NOT NULL,
      taken_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (day, clinic_npi)
    )`.execute(db);

  // Provider-company admins opt in to the morning daily report by e-mail.
  await sql`ALTER TABLE notification_preferences
    ADD COLUMN enable_daily_admin_report boolean NOT NULL DEFAULT false`.execute(db);
}

/**
 * Counts the documents already in the table into the (empty) rollup tables, as the trigger would have
 * counted them, already folded. The migration runs it once; the load benchmark runs it after a bulk load
 * made with the trigger disabled.
 */
export async function backfillMetricsRollups(db: Kysely<unknown>): Promise<void> {
  await sql`
    INSERT INTO document_daily_counts (clinic_npi, day, service_line, type, review_class, received, compacted)
    SELECT clinic_npi, metrics_utc_day(created_at), service_line, type, metrics_review_class(alert), count(*), true
    FROM documents GROUP BY 1, 2, 3, 4, 5`.execute(db);
  await sql`
    INSERT INTO document_daily_counts (clinic_npi, day, service_line, type, review_class,
      signed, acknowledged, deadlines_met, deadlines_missed, compacted)
    SELECT clinic_npi, metrics_utc_day(coalesce(signed_at, updated_at)), service_line, type,
      metrics_review_class(alert),
      count(*) FILTER (WHERE status = 'signed'), count(*) FILTER (WHERE status = 'acknowledged'),
      count(*) FILTER (WHERE due_at IS NOT NULL AND coalesce(signed_at, updated_at) <= due_at),
      count(*) FILTER (WHERE due_at IS NOT NULL AND coalesce(signed_at, updated_at) > due_at), true
    FROM documents WHERE status IN ('signed', 'acknowledged') GROUP BY 1, 2, 3, 4, 5`.execute(db);
  await sql`
    INSERT INTO document_review_times (clinic_npi, day, review_class, bucket, reviews, compacted)
    SELECT clinic_npi, metrics_utc_day(coalesce(signed_at, updated_at)), metrics_review_class(alert),
      metrics_review_time_bucket(extract(epoch FROM coalesce(signed_at, updated_at) - created_at) / 60),
      count(*), true
    FROM documents WHERE status IN ('signed', 'acknowledged') GROUP BY 1, 2, 3, 4`.execute(db);
  await sql`
    INSERT INTO document_daily_counts (clinic_npi, day, service_line, type, review_class, trashed, compacted)
    SELECT clinic_npi, metrics_utc_day(deleted_at), service_line, type, metrics_review_class(alert), count(*), true
    FROM documents WHERE deleted_at IS NOT NULL GROUP BY 1, 2, 3, 4, 5`.execute(db);
  await sql`
    INSERT INTO document_open_counts (clinic_npi, received_day, review_class, open, compacted)
    SELECT clinic_npi, metrics_utc_day(created_at), metrics_review_class(alert), count(*), true
    FROM documents WHERE status = 'unsigned' AND deleted_at IS NULL GROUP BY 1, 2, 3`.execute(db);
  await sql`
    INSERT INTO clinic_open_counts (clinic_npi, review_class, open, overdue, compacted)
    SELECT clinic_npi, metrics_review_class(alert), count(*), count(*) FILTER (WHERE past_due), true
    FROM documents WHERE status = 'unsigned' AND deleted_at IS NULL GROUP BY 1, 2`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE notification_preferences DROP COLUMN IF EXISTS enable_daily_admin_report`.execute(db);
  await sql`DROP TABLE IF EXISTS daily_report_snapshots`.execute(db);
  await sql`DROP TRIGGER IF EXISTS documents_metrics_rollup ON documents`.execute(db);
  await sql`DROP FUNCTION IF EXISTS documents_metrics_rollup()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS metrics_review_time_bucket(double precision)`.execute(db);
  await sql`DROP FUNCTION IF EXISTS metrics_utc_day(timestamptz)`.execute(db);
  await sql`DROP FUNCTION IF EXISTS metrics_review_class(text)`.execute(db);
  await sql`DROP INDEX IF EXISTS document_escalations_fired_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS documents_unsigned_alert_due_idx`.execute(db);
  await sql`DROP TRIGGER IF EXISTS documents_past_due_on_due_change ON documents`.execute(db);
  await sql`DROP FUNCTION IF EXISTS documents_past_due_on_due_change()`.execute(db);
  await sql`DROP INDEX IF EXISTS documents_due_unmarked_all_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS documents_due_unmarked_idx`.execute(db);
  await sql`ALTER TABLE documents DROP COLUMN IF EXISTS past_due`.execute(db);
  for (const table of ROLLUP_TABLES) await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(db);
}
