import {
  assertCan,
  clinicsWherePermitted,
  type DeviceDataMessage,
  type DeviceDataMessagesPage,
  type DeviceDataMessagesQuery,
} from '@portal/domain';
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/transaction';
import { NotFoundError } from '../../http/errors';
import { findDeviceDataMessageById, findDeviceDataMessagesPage } from './device-data-messages.repository';

// The import log (issue 28 §3): the provider company's staff who import device data (device-data:import:
// irh-tech, irh-admin, sys-admin) read each message kept for their clinics, its ACK and its warnings, and the
// raw message itself. Another clinic's message answers 404.

const PERMISSION = 'device-data:import' as const;

type Row = NonNullable<Awaited<ReturnType<typeof findDeviceDataMessageById>>>;

function locationText(location: unknown): string {
  if (!location || typeof location !== 'object') return '';
  const { segment, sequence, field, component } = location as Record<string, unknown>;
  return [segment, sequence, field, field === undefined ? undefined : 1, component]
    .filter((part) => part !== undefined && part !== null)
    .join('^');
}

function toResource(row: Omit<Row, 'raw'>): DeviceDataMessage {
  let warnings: DeviceDataMessage['warnings'] = [];
  try {
    const parsed = JSON.parse(row.warnings) as { location: unknown; condition: string; message: string }[];
    warnings = parsed.map((warning) => ({
      location: locationText(warning.location),
      condition: String(warning.condition),
      message: String(warning.message),
    }));
  } catch {
    warnings = [];
  }
  return {
    id: row.id,
    clinicNpi: row.clinicNpi,
    receivedAt: row.receivedAt.toISOString(),
    sendingFacility: row.sendingFacility,
    controlId: row.controlId,
    ackCode: row.ackCode as DeviceDataMessage['ackCode'],
    outcome: row.outcome as DeviceDataMessage['outcome'],
    warnings,
    ack: row.ack,
    sessionId: row.sessionId,
    reprocessedAt: row.reprocessedAt ? row.reprocessedAt.toISOString() : null,
    sha256: row.sha256,
    rawUrl: `/api/device-data/messages/${row.id}/raw`,
  };
}

/** A page of the import log, newest first, over the clinics the caller imports into (or one of them). */
export async function listDeviceDataMessages(
  db: Db,
  actor: Actor,
  query: DeviceDataMessagesQuery,
): Promise<DeviceDataMessagesPage> {
  const clinics = clinicsWherePermitted(actor.user, PERMISSION);
  if (query.clinicNpi && clinics !== 'all' && !clinics.includes(query.clinicNpi))
    throw new NotFoundError('Clinic');
  const limit = query.limit ?? 50;
  const rows = await findDeviceDataMessagesPage(db, {
    clinics,
    clinicNpi: query.clinicNpi,
    before: query.before,
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  return {
    data: page.map(toResource),
    nextBefore: rows.length > limit ? (page.at(-1)?.id ?? null) : null,
  };
}

/** One kept message as it came, for a caller who imports into its clinic (404 otherwise). */
export async function getRawDeviceDataMessage(db: Db, actor: Actor, id: string): Promise<string> {
  const row = await findDeviceDataMessageById(db, id);
  const clinics = clinicsWherePermitted(actor.user, PERMISSION);
  if (!row || (clinics !== 'all' && !clinics.includes(row.clinicNpi))) throw new NotFoundError('Message');
  assertCan(actor.user, PERMISSION, row.clinicNpi);
  return row.raw;
}
