import sharp from 'sharp';
import { storedZip } from '../src/lib/zip.js';

/** Test fixtures made on the fly: real images, a minimal xlsx (zip), glb and mp4. */

export const png = (width: number, height: number, color = '#6c4cf5') =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();

/** A stored (uncompressed) zip of the given text entries. */
export const zip = (entries: Record<string, string>): Buffer =>
  storedZip(Object.entries(entries).map(([name, text]) => ({ name, data: Buffer.from(text) })));

export const xlsx = () =>
  zip({
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>',
    'xl/workbook.xml': '<?xml version="1.0" encoding="UTF-8"?><workbook/>',
  });

/** A binary glTF 2.0 with an empty JSON chunk. */
export function glb(): Buffer {
  const json = Buffer.from('{"asset":{"version":"2.0"}}   ');
  const header = Buffer.alloc(20);
  header.write('glTF', 0, 'ascii');
  header.writeUInt32LE(2, 4);
  header.writeUInt32LE(20 + json.length, 8);
  header.writeUInt32LE(json.length, 12);
  header.write('JSON', 16, 'ascii');
  return Buffer.concat([header, json]);
}

/** An mp4 that starts with an `ftyp` box of brand isom, then some bytes. */
export function mp4(extra = 1024): Buffer {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write('ftypisom', 4, 'ascii');
  ftyp.writeUInt32BE(512, 12);
  ftyp.write('isomiso2', 16, 'ascii');
  const mdat = Buffer.alloc(8 + extra);
  mdat.writeUInt32BE(8 + extra, 0);
  mdat.write('mdat', 4, 'ascii');
  return Buffer.concat([ftyp, mdat]);
}

/** The entries of a stored (uncompressed) zip such as the API writes, read from its central directory. */
export function zipEntries(zip: Buffer): { name: string; data: Buffer }[] {
  const end = zip.length - 22;
  if (zip.readUInt32LE(end) !== 0x06054b50) throw new Error('not a zip without a comment');
  const n = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: { name: string; data: Buffer }[] = [];
  for (let i = 0; i < n; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('bad central directory record');
    const size = zip.readUInt32LE(at + 20);
    const len = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + len).toString('utf8');
    const dataAt = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    entries.push({ name, data: zip.subarray(dataAt, dataAt + size) });
    at += 46 + len + extra;
  }
  return entries;
}
