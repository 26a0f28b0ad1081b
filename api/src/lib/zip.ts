import { type FileHandle, open } from 'node:fs/promises';
import { crc32 } from 'node:zlib';

/** The local header of an entry and its central directory record (stored, UTF-8 name: flag bit 11). */
function headers(name: Buffer, data: Buffer, offset: number) {
  const crc = crc32(data);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(0x0800, 6);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(0x0800, 8);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(name.length, 28);
  central.writeUInt32LE(offset, 42);
  return { local, central: Buffer.concat([central, name]) };
}

/** The end of central directory record. */
function endRecord(entries: number, directoryLength: number, offset: number) {
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries, 8);
  end.writeUInt16LE(entries, 10);
  end.writeUInt32LE(directoryLength, 12);
  end.writeUInt32LE(offset, 16);
  return end;
}

/**
 * A stored (uncompressed) zip made in memory, for small archives (the skin sample; test fixtures);
 * names are UTF-8 (general purpose flag bit 11). Large exports stream through lib/xlsx/writer.ts.
 */
export function storedZip(entries: { name: string; data: Buffer }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, data } of entries) {
    const fileName = Buffer.from(name, 'utf8');
    const { local, central } = headers(fileName, data, offset);
    locals.push(local, fileName, data);
    centrals.push(central);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  return Buffer.concat([...locals, directory, endRecord(entries.length, directory.length, offset)]);
}

/**
 * The same stored zip written to a file one entry at a time, so only one entry is in memory (the
 * composed images: up to 1001 PNGs). `close()` writes the directory and answers the file's size.
 */
export class StoredZipWriter {
  private offset = 0;
  private readonly centrals: Buffer[] = [];

  private constructor(private readonly file: FileHandle) {}

  static async create(path: string): Promise<StoredZipWriter> {
    return new StoredZipWriter(await open(path, 'w'));
  }

  private async write(chunk: Buffer) {
    for (let done = 0; done < chunk.length; ) done += (await this.file.write(chunk, done)).bytesWritten;
  }

  async add(name: string, data: Buffer): Promise<void> {
    const fileName = Buffer.from(name, 'utf8');
    const { local, central } = headers(fileName, data, this.offset);
    const chunk = Buffer.concat([local, fileName, data]);
    await this.write(chunk);
    this.centrals.push(central);
    this.offset += chunk.length;
  }

  async close(): Promise<number> {
    const directory = Buffer.concat(this.centrals);
    await this.write(Buffer.concat([directory, endRecord(this.centrals.length, directory.length, this.offset)]));
    await this.file.close();
    return this.offset + directory.length + 22;
  }

  /** Close without finishing (the caller removes the file). */
  async abort(): Promise<void> {
    await this.file.close().catch(() => undefined);
  }
}
