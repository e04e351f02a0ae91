/**
 * The SPEC §3 notification channel name: a stored identifier with every non-alphanumeric character
 * replaced by '-', since channel names allow few characters. The rule is not one-to-one ('a.b' and 'a-b'
 * give the same name), so the identifier must be unique after it: the server applies it to each user's
 * stored channel id (a UUID), never to the user id.
 */
export function buildNotificationChannelName(id: string): string {
  return id.replace(/[^a-zA-Z0-9]/g, '-');
}
