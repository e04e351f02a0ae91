// Missed transmissions (issue 17 §2), written once for the server and the web.
import { z } from 'zod';
import { defineResponseContract } from '../common/api-contract';
import { CONNECTIVITY_STATES } from './missed-transmissions';

export const transmissionStatusSchema = z
  .object({
    patientId: z.string(),
    patientMrn: z.string(),
    patientName: z.string(),
    deviceType: z.string(),
    connectivity: z.nullable(z.enum(CONNECTIVITY_STATES)),
    /** The last remote transmission, or null when none arrived. */
    lastTransmissionAt: z.string().nullable(),
    /** How often the device is expected to transmit, in days (the clinic's schedule). */
    scheduleDays: z.number().int(),
    /** When the next transmission is overdue (schedule and grace after the last, or monitoring's start). */
    overdueFrom: z.string(),
    /** Whole days overdue; 0 while not. */
    daysOverdue: z.number().int(),
  })
  .meta({ id: 'TransmissionStatus' });
export type TransmissionStatus = z.infer<typeof transmissionStatusSchema>;

export const overdueTransmissionsSchema = z.object({
  data: z.array(transmissionStatusSchema),
  metadata: z.object({ totalCount: z.number().int(), monitoredCount: z.number().int() }),
});
export type OverdueTransmissions = z.infer<typeof overdueTransmissionsSchema>;

/** GET …/patients/{id}/transmission-status: null for a device not expected to transmit. */
export const transmissionStatusAnswerSchema = z.object({ data: z.nullable(transmissionStatusSchema) });

export const transmissionsResponseContracts = [
  /* @__PURE__ */ defineResponseContract(
    'GET',
    '/api/patients/clinics/:npi/overdue-transmissions',
    overdueTransmissionsSchema,
  ),
  /* @__PURE__ */ defineResponseContract(
    'GET',
    '/api/patients/clinics/:npi/patients/:id/transmission-status',
    transmissionStatusAnswerSchema,
  ),
] as const;
