export function maxOldSpaceMb(env?: Record<string, string | undefined>): number;
export function serverNodeFlags(env?: Record<string, string | undefined>): string[];
