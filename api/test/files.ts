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
