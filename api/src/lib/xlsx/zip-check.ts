import { open as openFile } from 'node:fs/promises';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';

/**
 * An xlsx is a zip. Before the spreadsheet parser (which inflates every entry in memory) sees one,
 * its entries are checked against a bound, so a small crafted file (a decompression bomb: 500 KB
 * that inflates to 512 MB, or many directory records sharing one inflating entry) is refused
 * while it costs next to nothing:
 * 1. the sizes the zip declares: in total at most `maxInflatedBytes`, and at most `maxRatio` times
 *    the file once past `ratioFloorBytes` (a small file may compress very well);
 * 2. the sizes it actually inflates to: every entry is inflated as a stream into nothing, and
 *    yauzl stops an entry the moment it passes its declared size, so the total stays in bound;
 * 3. the parser reads the same entries: its end-of-directory record (the last one in the file)
 *    names the directory yauzl read, with the same number of records, and the size each local
 *    header gives (which the parser allocates before inflating) is no larger than the entry's.
 */
export interface ZipLimits {
  maxInflatedBytes: number;
  maxRatio: number;
  ratioFloorBytes: number;
  maxEntries: number;
}

export const ZIP_LIMITS: ZipLimits = {
  maxInflatedBytes: 100 * 1024 * 1024,
  maxRatio: 100,
  ratioFloorBytes: 10 * 1024 * 1024,
  maxEntries: 10_000,
};

export type ZipCheck =
  | { ok: true; entries: number; inflated: number }
  | { ok: false; reason: 'inflated' | 'unreadable'; detail: string };

const openZip = (path: string) =>
  new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(path, { lazyEntries: true, autoClose: false, validateEntrySizes: true }, (err, zip) =>
      err ? reject(err) : resolve(zip),
    ),
  );

/** Every directory record, read lazily (no data inflated). */
const entriesOf = (zip: yauzl.ZipFile, max: number) =>
  new Promise<yauzl.Entry[]>((resolve, reject) => {
    const entries: yauzl.Entry[] = [];
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.push(entry);
      if (entries.length > max) reject(new Error(`more than ${max} entries`));
      else zip.readEntry();
    });
    zip.once('end', () => resolve(entries));
    zip.once('error', reject);
    zip.readEntry();
  });

const readStream = (zip: yauzl.ZipFile, entry: yauzl.Entry) =>
  new Promise<NodeJS.ReadableStream>((resolve, reject) =>
    zip.openReadStream(entry, (err, stream) => (err ? reject(err) : resolve(stream))),
  );

type FileHandle = Awaited<ReturnType<typeof openFile>>;

/** The end-of-central-directory record the spreadsheet parser uses: the last signature in the file. */
async function parserDirectory(file: FileHandle): Promise<{ records: number; total: number; offset: number } | null> {
  const { size } = await file.stat();
  const length = Math.min(size, 65_535 + 22);
  const tail = Buffer.alloc(length);
  await file.read(tail, 0, length, size - length);
  for (let i = length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) !== 0x06054b50) continue;
    return { records: tail.readUInt16LE(i + 8), total: tail.readUInt16LE(i + 10), offset: tail.readUInt32LE(i + 16) };
  }
  return null;
}

/** The uncompressed size in a zip64 field's data (its first 8 bytes); null when it is too short. */
const zip64Of = (data: Buffer): number | null => (data.length >= 8 ? Number(data.readBigUInt64LE(0)) : null);

/** The zip64 uncompressed size among extra fields, as the parser reads it (the last one); 0 when none. */
function zip64Size(fields: { id: number; data: Buffer }[]): number | null {
  let size = 0;
  for (const field of fields) {
    if (field.id !== 1) continue;
    const value = zip64Of(field.data);
    if (value === null) return null;
    size = value;
  }
  return size;
}

/** The fields of a raw extra block; null when one runs past its end. */
function fieldsOf(extra: Buffer): { id: number; data: Buffer }[] | null {
  const fields: { id: number; data: Buffer }[] = [];
  for (let at = 0; at + 4 <= extra.length; ) {
    const end = at + 4 + extra.readUInt16LE(at + 2);
    if (end > extra.length) return null;
    fields.push({ id: extra.readUInt16LE(at), data: extra.subarray(at + 4, end) });
    at = end;
  }
  return fields;
}

/**
 * The size the parser allocates for an entry before inflating it: the zip64 size of the directory
 * record or the local header when there is one, else the local header's own. Null when the local
 * header is not one, or the entry is neither stored nor deflated.
 */
async function parserSize(file: FileHandle, entry: yauzl.Entry): Promise<number | null> {
  const head = Buffer.alloc(30);
  const { bytesRead } = await file.read(head, 0, 30, entry.relativeOffsetOfLocalHeader);
  if (bytesRead < 30 || head.readUInt32LE(0) !== 0x04034b50) return null;
  const method = head.readUInt16LE(8);
  if (method !== 0 && method !== 8) return null;
  const extra = Buffer.alloc(head.readUInt16LE(28));
  await file.read(extra, 0, extra.length, entry.relativeOffsetOfLocalHeader + 30 + head.readUInt16LE(26));
  const local = fieldsOf(extra);
  const fromCentral = zip64Size(entry.extraFields);
  const fromLocal = local && zip64Size(local);
  if (fromCentral === null || fromLocal === null) return null;
  return fromCentral || fromLocal || head.readUInt32LE(22);
}

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)}MB`;

/** Check the zip at `path` against the limits (see above), inflating nothing past them. */
export async function checkZip(path: string, limits: ZipLimits = ZIP_LIMITS): Promise<ZipCheck> {
  let zip: yauzl.ZipFile | undefined;
  let file: FileHandle | undefined;
  try {
    zip = await openZip(path);
    file = await openFile(path, 'r');
    // Where the directory starts, before reading it moves the cursor (yauzl keeps it there).
    const cursor = (zip as unknown as { readEntryCursor: number }).readEntryCursor;
    const theirs = await parserDirectory(file);
    if (!theirs || theirs.records !== zip.entryCount || theirs.total !== zip.entryCount || theirs.offset !== cursor)
      return { ok: false, reason: 'unreadable', detail: 'the zip has more than one directory' };
    if (zip.entryCount > limits.maxEntries)
      return { ok: false, reason: 'unreadable', detail: `more than ${limits.maxEntries} entries` };

    const entries = await entriesOf(zip, limits.maxEntries);
    const declared = entries.reduce((sum, e) => sum + e.uncompressedSize, 0);
    const size = zip.fileSize;
    if (declared > limits.maxInflatedBytes)
      return { ok: false, reason: 'inflated', detail: `declares ${mb(declared)} inflated` };
    if (declared > limits.ratioFloorBytes && declared > limits.maxRatio * size)
      return { ok: false, reason: 'inflated', detail: `declares ${Math.round(declared / size)}:1` };

    for (const entry of entries) {
      const allocated = await parserSize(file, entry);
      if (allocated === null) return { ok: false, reason: 'unreadable', detail: `entry ${entry.fileName}` };
      if (allocated > entry.uncompressedSize)
        return { ok: false, reason: 'inflated', detail: `entry ${entry.fileName} claims ${mb(allocated)}` };
    }

    let inflated = 0;
    for (const entry of entries) {
      const stream = await readStream(zip, entry);
      await pipeline(
        stream,
        new Writable({
          write(chunk: Buffer, _encoding, done) {
            inflated += chunk.length;
            done(inflated > limits.maxInflatedBytes ? new Error('inflates past the bound') : null);
          },
        }),
      );
    }
    return { ok: true, entries: entries.length, inflated };
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    // An entry that inflates past what it declares is the same attack as a large declaration.
    const reason = /too many bytes|past the bound/i.test(detail) ? 'inflated' : 'unreadable';
    return { ok: false, reason, detail };
  } finally {
    zip?.close();
    await file?.close();
  }
}
