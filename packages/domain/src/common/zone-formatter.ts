const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * A cached en-US formatter of an instant's wall-clock fields in an IANA time zone (24-hour, two digits),
 * with the zone's short name ('EST') when asked. Making one costs far more than using it.
 */
export function zoneFormatter(timeZone: string, options: { zoneName?: boolean } = {}): Intl.DateTimeFormat {
  const key = `${timeZone}\u0000${options.zoneName ? 'named' : 'plain'}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      ...(options.zoneName ? { timeZoneName: 'short' as const } : {}),
    });
    formatters.set(key, formatter);
  }
  return formatter;
}
