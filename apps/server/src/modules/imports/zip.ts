/**
 * What a ZIP archive says it holds, read from its central directory without inflating
 * anything: so a workbook that would expand past the limit (a zip bomb) is refused
 * before a byte of it is decompressed.
 */
export interface ZipEntry {
  name: string;
  compressedSize: number;
  size: number;
}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
/** ZIP64 marks its sizes with all ones: an archive that needs it is larger than we take. */
const ZIP64 = 0xffffffff;

/** The archive's entries, or null when `bytes` is not a ZIP archive one can read. */
export function zipEntries(bytes: Buffer): ZipEntry[] | null {
  // The end record sits in the last 22 bytes plus at most a 65,535-byte comment.
  const floor = Math.max(0, bytes.length - 22 - 65_535);
  let end = -1;
  for (let at = bytes.length - 22; at >= floor; at--) {
    if (bytes.readUInt32LE(at) === END_OF_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) return null;
  const count = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== DIRECTORY_ENTRY) return null;
    const compressedSize = bytes.readUInt32LE(at + 20);
    const size = bytes.readUInt32LE(at + 24);
    const nameLength = bytes.readUInt16LE(at + 28);
    const name = bytes.toString('utf8', at + 46, at + 46 + nameLength);
    entries.push({ name, compressedSize, size: size === ZIP64 || compressedSize === ZIP64 ? Number.POSITIVE_INFINITY : size });
    at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return entries;
}
