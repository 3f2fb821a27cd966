/** Uploads are judged by their first bytes, never by their name or declared type. */
export function startsWithBytes(data: Buffer, bytes: readonly number[]): boolean {
  return data.length >= bytes.length && bytes.every((byte, index) => data[index] === byte);
}

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

/** PNG or JPEG by content; anything else is null. */
export function imageKind(data: Buffer): 'png' | 'jpeg' | null {
  if (startsWithBytes(data, PNG)) return 'png';
  if (startsWithBytes(data, JPEG)) return 'jpeg';
  return null;
}
