import { z } from 'zod';
import { defineResponseContract } from './api-contract';

/** The services SPEC §7 gives a healthcheck, each at `/api/{service}/healthcheck`. */
export const HEALTH_SERVICES = ['customers', 'notifications'] as const;

export const healthSchema = z.object({
  status: z.literal('ok'),
  service: z.string(),
  database: z.literal('ok'),
});
export type Health = z.infer<typeof healthSchema>;

export const healthResponseContracts = HEALTH_SERVICES.map((service) =>
  defineResponseContract('GET', `/api/${service}/healthcheck`, healthSchema),
);
