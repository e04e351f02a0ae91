/**
 * The per-user realtime channel name: the stored identifier with every non-alphanumeric character
 * replaced by '-' ('auth0|abc.def' → 'auth0-abc-def'), since channel names allow few characters.
 */
export function buildNotificationChannelName(id: string): string {
  return id.replace(/[^a-zA-Z0-9]/g, '-');
}
