// Realtime client defaults of SPEC §9 (Pusher protocol).

export const REALTIME_ACTIVITY_TIMEOUT_MS = 120_000;
export const REALTIME_PONG_TIMEOUT_MS = 30_000;
export const REALTIME_UNAVAILABLE_TIMEOUT_MS = 10_000;
