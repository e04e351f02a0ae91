import { z } from 'zod';
import { createVendorFaultInjector } from '../vendor-common/vendor-faults';

export const FAULT_STATUSES = [500, 502, 503, 504] as const;
export type FaultStatus = (typeof FAULT_STATUSES)[number];

/**
 * A change to the simulator's faults, at start or at run time (`POST /_simulator/faults`). Only the keys
 * given change; `DELETE /_simulator/faults` clears them all.
 */
export const faultsSchema = z
  .strictObject({
    /** Answer Data API requests with this status: 500 as the Data API engine, 502–504 as its web server. */
    status: z.literal(FAULT_STATUSES).optional(),
    /** How many requests fail with `status`; without it, every request fails until the faults are cleared. */
    times: z.number().int().min(0).optional(),
    /** Wait this long before answering each Data API request (0 stops waiting). */
    delayMs: z.number().int().min(0).max(600_000).optional(),
    /** Close this many requests' connections without answering, as a network failure would. */
    dropConnections: z.number().int().min(0).optional(),
    /** End every session now, as a FileMaker Server restart would: the next call with a token gets 952. */
    expireTokens: z.boolean().optional(),
  })
  .refine((faults) => faults.times === undefined || faults.status !== undefined, {
    message: 'needs a status',
    path: ['times'],
  });
export type FileMakerFaults = z.infer<typeof faultsSchema>;

/** The faults in force, as `GET /_simulator/faults` shows them. */
export type FaultsInForce = {
  status: FaultStatus | null;
  /** Requests still to fail with `status`; null while they fail until cleared. */
  remaining: number | null;
  delayMs: number;
  dropConnections: number;
};

/** What one Data API request meets: a wait, then an answer as usual, a failure, or a dropped connection. */
export type FaultOutcome = { delayMs: number } & (
  | { kind: 'none' }
  | { kind: 'fail'; status: FaultStatus }
  | { kind: 'drop' }
);

/**
 * The FileMaker simulator's faults: the study vendors' injector (vendor-common), of which FileMaker uses
 * the 5xx, delay, dropped-connection and expired-token faults.
 */
export function createFaultInjector({ expireTokens }: { expireTokens: () => void }) {
  const injector = createVendorFaultInjector({ expireTokens });
  return {
    apply: (faults: FileMakerFaults): void => injector.apply(faults),
    clear: (): void => injector.clear(),
    inForce(): FaultsInForce {
      const { status, remaining, delayMs, dropConnections } = injector.inForce();
      return { status, remaining, delayMs, dropConnections };
    },
    /** Takes the next request's outcome; a dropped connection comes before a failure. */
    next: (): FaultOutcome => injector.next(),
  };
}
