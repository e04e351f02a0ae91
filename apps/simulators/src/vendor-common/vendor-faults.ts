import { z } from 'zod';

// The faults every vendor simulator can be given (VENDOR_PROTOCOLS.md, "Simulators"): the FileMaker
// simulator's (a 5xx status for a number of requests, a delay, dropped connections, expired tokens), and two
// that concern the vendor's calls to the portal: each delivery sent twice, and a study's status callbacks
// sent newest first.

export const VENDOR_FAULT_STATUSES = [500, 502, 503, 504] as const;
export type VendorFaultStatus = (typeof VENDOR_FAULT_STATUSES)[number];

/** The fields of a change to the faults; only the keys given change, `DELETE /_simulator/faults` clears all. */
export const vendorFaultsShape = {
  /** Answer vendor API requests with this status. */
  status: z.literal(VENDOR_FAULT_STATUSES).optional(),
  /** How many requests fail with `status`; without it, every request fails until the faults are cleared. */
  times: z.number().int().min(0).optional(),
  /** Wait this long before answering each vendor API request (0 stops waiting). */
  delayMs: z.number().int().min(0).max(600_000).optional(),
  /** Close this many requests' connections without answering, as a network failure would. */
  dropConnections: z.number().int().min(0).optional(),
  /** Forget every access token now: the next call with one gets 401 invalid_token. */
  expireTokens: z.boolean().optional(),
  /** Send each of the next this-many callbacks twice, with the same X-Vendor-Delivery-Id. */
  duplicateDeliveries: z.number().int().min(0).optional(),
  /** Hold a study's status callbacks and send them newest first once it finishes (Zoll). */
  outOfOrder: z.boolean().optional(),
  /** Let the faults above reach `POST /oauth/token` too (by default the token endpoint always answers). */
  tokenEndpoint: z.boolean().optional(),
};

/** A count of failures means nothing without the status to fail with. */
export function requireStatusForTimes<Schema extends z.ZodType<{ status?: number; times?: number }>>(
  schema: Schema,
): Schema {
  return schema.refine((faults) => faults.times === undefined || faults.status !== undefined, {
    message: 'needs a status',
    path: ['times'],
  });
}

export const vendorFaultsSchema = requireStatusForTimes(z.strictObject(vendorFaultsShape));
export type VendorFaults = z.infer<typeof vendorFaultsSchema>;

/** The faults in force, as `GET /_simulator/faults` shows them. */
export type VendorFaultsInForce = {
  status: VendorFaultStatus | null;
  /** Requests still to fail with `status`; null while they fail until cleared. */
  remaining: number | null;
  delayMs: number;
  dropConnections: number;
  duplicateDeliveries: number;
  outOfOrder: boolean;
  tokenEndpoint: boolean;
};

/** What one vendor API request meets: a wait, then an answer as usual, a failure, or a dropped connection. */
export type VendorFaultOutcome = { delayMs: number } & (
  | { kind: 'none' }
  | { kind: 'fail'; status: VendorFaultStatus }
  | { kind: 'drop' }
);

export function createVendorFaultInjector({ expireTokens }: { expireTokens: () => void }) {
  let status: VendorFaultStatus | null = null;
  let remaining = 0;
  let delayMs = 0;
  let dropConnections = 0;
  let duplicateDeliveries = 0;
  let outOfOrder = false;
  let tokenEndpoint = false;

  return {
    apply(faults: VendorFaults): void {
      if (faults.status !== undefined) {
        status = faults.status;
        remaining = faults.times ?? Number.POSITIVE_INFINITY;
      }
      if (faults.delayMs !== undefined) delayMs = faults.delayMs;
      if (faults.dropConnections !== undefined) dropConnections = faults.dropConnections;
      if (faults.duplicateDeliveries !== undefined) duplicateDeliveries = faults.duplicateDeliveries;
      if (faults.outOfOrder !== undefined) outOfOrder = faults.outOfOrder;
      if (faults.tokenEndpoint !== undefined) tokenEndpoint = faults.tokenEndpoint;
      if (faults.expireTokens) expireTokens();
    },

    clear(): void {
      status = null;
      remaining = 0;
      delayMs = 0;
      dropConnections = 0;
      duplicateDeliveries = 0;
      outOfOrder = false;
      tokenEndpoint = false;
    },

    inForce(): VendorFaultsInForce {
      const failing = status !== null && remaining > 0;
      return {
        status: failing ? status : null,
        remaining: failing && Number.isFinite(remaining) ? remaining : null,
        delayMs,
        dropConnections,
        duplicateDeliveries,
        outOfOrder,
        tokenEndpoint,
      };
    },

    /** Whether the token endpoint meets the request faults too. */
    reachesTokenEndpoint(): boolean {
      return tokenEndpoint;
    },

    /** Takes the next request's outcome; a dropped connection comes before a failure. */
    next(): VendorFaultOutcome {
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

    /** Whether the callback about to go out is to be delivered twice; counts it off when so. */
    takeDuplicateDelivery(): boolean {
      if (duplicateDeliveries <= 0) return false;
      duplicateDeliveries--;
      return true;
    },

    outOfOrder(): boolean {
      return outOfOrder;
    },
  };
}

export type VendorFaultInjector = ReturnType<typeof createVendorFaultInjector>;
