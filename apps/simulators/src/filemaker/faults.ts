import { z } from 'zod';

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

export function createFaultInjector({ expireTokens }: { expireTokens: () => void }) {
  let status: FaultStatus | null = null;
  let remaining = 0;
  let delayMs = 0;
  let dropConnections = 0;

  return {
    apply(faults: FileMakerFaults): void {
      if (faults.status !== undefined) {
        status = faults.status;
        remaining = faults.times ?? Number.POSITIVE_INFINITY;
      }
      if (faults.delayMs !== undefined) delayMs = faults.delayMs;
      if (faults.dropConnections !== undefined) dropConnections = faults.dropConnections;
      if (faults.expireTokens) expireTokens();
    },

    clear(): void {
      status = null;
      remaining = 0;
      delayMs = 0;
      dropConnections = 0;
    },

    inForce(): FaultsInForce {
      const failing = status !== null && remaining > 0;
      return {
        status: failing ? status : null,
        remaining: failing && Number.isFinite(remaining) ? remaining : null,
        delayMs,
        dropConnections,
      };
    },

    /** Takes the next request's outcome; a dropped connection comes before a failure. */
    next(): FaultOutcome {
      if (dropConnections > 0) {
        dropConnections--;
        return { delayMs, kind: 'drop' };
      }
      if (status !== null && remaining > 0) {
        remaining--;
        return { delayMs, kind: 'fail', status };
      }
      return { delayMs, kind: 'none' };
    },
  };
}
