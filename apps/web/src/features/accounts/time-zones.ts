/**
 * Time zones for the profile's select: the browser's list under today's names. ICU still lists
 * some zones by old names (Asia/Calcutta); the contract accepts either, and the select offers the
 * current one (Asia/Kolkata), so that searching "Kolkata" or "Kyiv" finds them.
 */
export type TimeZoneOption = { value: string; label: string };

const CURRENT_NAMES: Record<string, string> = {
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Europe/Kiev': 'Europe/Kyiv',
  'America/Godthab': 'America/Nuuk',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Pacific/Truk': 'Pacific/Chuuk',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Enderbury': 'Pacific/Kanton',
};

let cache: TimeZoneOption[] | null = null;

function offsetOf(zone: string, now: Date): string {
  try {
    const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'shortOffset' })
      .formatToParts(now)
      .find((item) => item.type === 'timeZoneName');
    return part?.value ?? '';
  } catch {
    return '';
  }
}

export function timeZoneLabel(zone: string, now = new Date()): string {
  const name = (CURRENT_NAMES[zone] ?? zone).replaceAll('_', ' ');
  const offset = offsetOf(zone, now);
  return offset ? `${name} (${offset})` : name;
}

export function timeZoneOptions(): TimeZoneOption[] {
  if (cache) return cache;
  const now = new Date();
  const zones = [...new Set([...Intl.supportedValuesOf('timeZone'), 'UTC'])];
  const byValue = new Map<string, TimeZoneOption>();
  for (const zone of zones) {
    const value = CURRENT_NAMES[zone] ?? zone;
    if (!byValue.has(value)) byValue.set(value, { value, label: timeZoneLabel(zone, now) });
  }
  cache = [...byValue.values()];
  return cache;
}

/**
 * The options with a stored value that is not in the list (saved under an old name, such as
 * Asia/Calcutta) shown in place of the entry with the same label, so it displays and is kept.
 */
export function timeZoneOptionsWith(current: string): TimeZoneOption[] {
  const options = timeZoneOptions();
  if (!current || options.some((option) => option.value === current)) return options;
  const label = timeZoneLabel(current);
  return [{ value: current, label }, ...options.filter((option) => option.label !== label)];
}

export function browserTimeZone(): string | null {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone ? (CURRENT_NAMES[zone] ?? zone) : null;
  } catch {
    return null;
  }
}
