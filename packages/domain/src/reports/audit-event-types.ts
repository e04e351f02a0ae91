import { z } from 'zod';

/** Audit event types (SPEC §3). */
export const AUDIT_EVENT_TYPES = [
  'error',
  'created',
  'signed',
  'acknowledged',
  'unsigned',
  'reassigned',
  'update_oac',
  'update_pin',
  'update_lock',
  'update_is_downloaded',
  'soft_delete',
  'undelete',
  'replaced',
  'user_comment',
  'problem_reported',
  'workflow_modification',
] as const;
export const auditEventTypeSchema = z.enum(AUDIT_EVENT_TYPES);
export type AuditEventType = z.infer<typeof auditEventTypeSchema>;
