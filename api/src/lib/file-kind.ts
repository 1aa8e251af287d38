import type { ACCEPTED_FILE_KINDS } from 'contracts';

export type AcceptedMime = keyof typeof ACCEPTED_FILE_KINDS;

const startsWith = (buffer: Buffer, bytes: number[], offset = 0) =>
  buffer.length >= offset + bytes.length && bytes.every((byte, index) => buffer[offset + index] === byte);
const ascii = (buffer: Buffer, start: number, end: number) => buffer.subarray(start, end).toString('latin1');

/**
 * What a file really is, from its first bytes: a renamed executable or an HTML page posing as a PDF is refused
 * whatever its name and declared type. Undefined for anything the folder does not accept.
 */
export function detectFileKind(buffer: Buffer): AcceptedMime | undefined {
  if (startsWith(buffer, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf'; // %PDF-
  if (startsWith(buffer, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(buffer, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (ascii(buffer, 0, 4) === 'RIFF' && ascii(buffer, 8, 12) === 'WEBP') return 'image/webp';
  if (ascii(buffer, 4, 8) === 'ftyp' && /^(heic|heix|hevc|mif1|msf1)$/.test(ascii(buffer, 8, 12))) return 'image/heic';
  // Word and Excel: a zip whose parts list ([Content_Types].xml) makes it an Office Open XML document...
  if (startsWith(buffer, [0x50, 0x4b, 0x03, 0x04]) && buffer.includes('[Content_Types].xml', 0, 'latin1')) {
    return 'application/vnd.openxmlformats-officedocument';
  }
  // ...or the older compound file (.doc, .xls).
  if (startsWith(buffer, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'application/x-ole-storage';
  return undefined;
}
