import type { FileHandle } from 'node:fs/promises';

/**
 * A minimal reader of a ZIP file's central directory: just enough to tell OOXML and ODF documents
 * from other archives by their entry names, without decompressing anything. Reads are bounded:
 * the end-of-central-directory record from the tail, then the directory itself.
 */

export interface ZipEntry {
  name: string;
  /** 0 = stored, 8 = deflated. */
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

const END_OF_DIRECTORY_SIGNATURE = 0x06054b50;
const ZIP64_END_OF_DIRECTORY_SIGNATURE = 0x06064b50;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const DIRECTORY_ENTRY_SIGNATURE = 0x02014b50;
const END_OF_DIRECTORY_SIZE = 22;
const ZIP64_LOCATOR_SIZE = 20;
const MAX_COMMENT_SIZE = 0xffff;
/** Real documents have a few hundred entries; a directory larger than this is not one of ours. */
const MAX_DIRECTORY_BYTES = 4 * 1024 * 1024;
const MAX_ENTRIES = 20_000;
const UTF8_NAME_FLAG = 0x0800;

/** The entries in central-directory order, or `null` when the file is not a well-formed ZIP. */
export async function readZipDirectory(file: FileHandle, fileSize: number): Promise<ZipEntry[] | null> {
  const location = await locateDirectory(file, fileSize);
  if (!location) return null;
  const { offset, size, entryCount } = location;
  if (size > MAX_DIRECTORY_BYTES || entryCount > MAX_ENTRIES || offset + size > fileSize) return null;

  const directory = await readAt(file, offset, size);
  if (directory.length !== size) return null;
  const entries: ZipEntry[] = [];
  let position = 0;
  for (let index = 0; index < entryCount; index++) {
    if (position + 46 > directory.length || directory.readUInt32LE(position) !== DIRECTORY_ENTRY_SIGNATURE) return null;
    const flags = directory.readUInt16LE(position + 8);
    const nameLength = directory.readUInt16LE(position + 28);
    const extraLength = directory.readUInt16LE(position + 30);
    const commentLength = directory.readUInt16LE(position + 32);
    const nameEnd = position + 46 + nameLength;
    if (nameEnd > directory.length) return null;
    const nameBytes = directory.subarray(position + 46, nameEnd);
    entries.push({
      name: nameBytes.toString(flags & UTF8_NAME_FLAG ? 'utf8' : 'latin1'),
      method: directory.readUInt16LE(position + 10),
      compressedSize: directory.readUInt32LE(position + 20),
      uncompressedSize: directory.readUInt32LE(position + 24),
      localHeaderOffset: directory.readUInt32LE(position + 42),
    });
    position = nameEnd + extraLength + commentLength;
  }
  return entries;
}

interface DirectoryLocation {
  offset: number;
  size: number;
  entryCount: number;
}

async function locateDirectory(file: FileHandle, fileSize: number): Promise<DirectoryLocation | null> {
  if (fileSize < END_OF_DIRECTORY_SIZE) return null;
  const tailLength = Math.min(fileSize, END_OF_DIRECTORY_SIZE + MAX_COMMENT_SIZE + ZIP64_LOCATOR_SIZE);
  const tailStart = fileSize - tailLength;
  const tail = await readAt(file, tailStart, tailLength);

  // The record sits at the very end unless the archive has a comment, so search backwards.
  for (let at = tail.length - END_OF_DIRECTORY_SIZE; at >= 0; at--) {
    if (tail.readUInt32LE(at) !== END_OF_DIRECTORY_SIGNATURE) continue;
    const commentLength = tail.readUInt16LE(at + 20);
    if (at + END_OF_DIRECTORY_SIZE + commentLength !== tail.length) continue;

    const entryCount = tail.readUInt16LE(at + 10);
    const size = tail.readUInt32LE(at + 12);
    const offset = tail.readUInt32LE(at + 16);
    if (entryCount !== 0xffff && size !== 0xffffffff && offset !== 0xffffffff) {
      return { offset, size, entryCount };
    }
    return locateZip64Directory(file, tail, at, tailStart);
  }
  return null;
}

async function locateZip64Directory(
  file: FileHandle,
  tail: Buffer,
  endRecordAt: number,
  tailStart: number,
): Promise<DirectoryLocation | null> {
  const locatorAt = endRecordAt - ZIP64_LOCATOR_SIZE;
  if (locatorAt < 0 || tail.readUInt32LE(locatorAt) !== ZIP64_LOCATOR_SIGNATURE) return null;
  const recordOffset = Number(tail.readBigUInt64LE(locatorAt + 8));
  if (recordOffset >= tailStart + locatorAt) return null;
  const record = await readAt(file, recordOffset, 56);
  if (record.length !== 56 || record.readUInt32LE(0) !== ZIP64_END_OF_DIRECTORY_SIGNATURE) return null;
  return {
    entryCount: Number(record.readBigUInt64LE(32)),
    size: Number(record.readBigUInt64LE(40)),
    offset: Number(record.readBigUInt64LE(48)),
  };
}

export async function readAt(file: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  let filled = 0;
  while (filled < length) {
    const { bytesRead } = await file.read(buffer, filled, length - filled, position + filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return buffer.subarray(0, filled);
}
