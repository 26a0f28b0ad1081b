import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { constants, crc32, deflateRawSync } from 'node:zlib';
import { api, messages } from '@toy/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PARSE_CONCURRENCY,
  PARSE_PER_OWNER,
  PARSE_QUEUE_PER_OWNER,
  parseLoad,
  readSheet,
} from '../src/lib/xlsx/read.js';
import { checkZip, ZIP_LIMITS } from '../src/lib/xlsx/zip-check.js';
import { sheet, uploadAs } from './goods-helpers.js';
import { brandIds, call, login, makeApp, unique } from './helpers.js';

/**
 * Decompression bombs (issue: a 511 KB xlsx inflating to 512 MB took the API from 721 MB to 1.7 GB).
 * The bombs are made here, not committed: a real xlsx whose sheet is 512 MB of one repeated row,
 * deflated (about 500 KB), in the variants an attacker would try.
 */

const MB = 1024 * 1024;
const BOUND = messages.guard.sheetInflated('100MB');

interface Entry {
  name: string;
  /** Stored as is, or the deflated sheet: `deflated` bytes that inflate to `size` bytes with `crc`. */
  data?: Buffer;
  deflated?: { bytes: Buffer; size: number; crc: number };
}
interface Lies {
  /** The uncompressed size written in the directory record and the local header (default: the truth). */
  declared?: number;
  /** The uncompressed size written in the local header only. */
  localDeclared?: number;
  /** Directory records for the sheet (more than one: records sharing one entry's data). */
  records?: number;
}

/** A zip of `entries`: stored ones, and the deflated sheet; `lies` bends the sheet's sizes or records. */
function zip(entries: Entry[], lies: Lies = {}): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const body = entry.deflated?.bytes ?? entry.data!;
    const size = entry.deflated?.size ?? body.length;
    const crc = entry.deflated?.crc ?? crc32(body);
    const declared = entry.deflated ? (lies.declared ?? size) : size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(entry.deflated ? 8 : 0, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(entry.deflated ? (lies.localDeclared ?? declared) : declared, 22);
    local.writeUInt16LE(name.length, 26);
    const records = entry.deflated ? (lies.records ?? 1) : 1;
    for (let r = 0; r < records; r++) {
      const central = Buffer.alloc(46);
      central.writeUInt32LE(0x02014b50, 0);
      central.writeUInt16LE(20, 4);
      central.writeUInt16LE(20, 6);
      central.writeUInt16LE(entry.deflated ? 8 : 0, 10);
      central.writeUInt32LE(crc, 16);
      central.writeUInt32LE(body.length, 20);
      central.writeUInt32LE(declared, 24);
      central.writeUInt16LE(name.length, 28);
      central.writeUInt32LE(offset, 42);
      centrals.push(central, name);
    }
    locals.push(local, name, body);
    offset += local.length + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const count = centrals.length / 2;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * A sheet of `mb` MB: a row, then whitespace between the rows (valid XML, and what deflates best:
 * about 1 KB a MB). Each 1 MB chunk is deflated with a full flush, which resets the compressor, so
 * every chunk deflates to the same bytes and the stream is those bytes repeated.
 */
function bombSheet(mb: number): Entry['deflated'] {
  const head = Buffer.from(
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>' +
      '<row r="1"><c r="A1" t="inlineStr"><is><t>ID</t></is></c></row>',
  );
  const chunk = Buffer.alloc(MB, ' ');
  const tail = Buffer.from('</sheetData></worksheet>');
  const flush = { finishFlush: constants.Z_FULL_FLUSH, level: 9 };
  const once = deflateRawSync(chunk, flush);
  let crc = crc32(head);
  for (let i = 0; i < mb; i++) crc = crc32(chunk, crc);
  crc = crc32(tail, crc);
  const bytes = Buffer.concat([
    deflateRawSync(head, flush),
    ...Array.from({ length: mb }, () => once),
    deflateRawSync(tail),
  ]);
  return { bytes, size: head.length + mb * MB + tail.length, crc };
}

const part = (name: string, xml: string): Entry => ({ name, data: Buffer.from(xml) });
/** The parts of a minimal workbook around a sheet entry. */
function workbook(sheetEntry: Entry): Entry[] {
  const ns = 'http://schemas.openxmlformats.org';
  return [
    part(
      '[Content_Types].xml',
      `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="${ns}/package/2006/content-types">` +
        `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
        `<Default Extension="xml" ContentType="application/xml"/>` +
        `<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>` +
        `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    ),
    part(
      '_rels/.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${ns}/package/2006/relationships">` +
        `<Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    part(
      'xl/workbook.xml',
      `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${ns}/spreadsheetml/2006/main" xmlns:r="${ns}/officeDocument/2006/relationships">` +
        `<sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    part(
      'xl/_rels/workbook.xml.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${ns}/package/2006/relationships">` +
        `<Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    ),
    sheetEntry,
  ];
}

const bomb512 = bombSheet(512)!;
const bomb = (lies?: Lies) => zip(workbook({ name: 'xl/worksheets/sheet1.xml', deflated: bomb512 }), lies);

/** The peak RSS growth over `idle` while `work` runs, sampled every 5 ms. */
async function peakGrowth<T>(work: () => Promise<T>): Promise<{ result: T; growthMb: number }> {
  const idle = process.memoryUsage.rss();
  let peak = idle;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 5);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { result, growthMb: (peak - idle) / MB };
  } finally {
    clearInterval(sampler);
  }
}

async function tempFile(buffer: Buffer): Promise<string> {
  const file = path.join(os.tmpdir(), `bomb-${unique()}.xlsx`);
  await writeFile(file, buffer);
  return file;
}

let app: FastifyInstance;
let token: string;
let brand: number;
beforeAll(async () => {
  app = await makeApp();
  token = (await login(app, 'brand@demo.local')).web_token;
  [brand] = (await brandIds(app, token, 14)) as [number];
});
afterAll(() => app.close());

const upload = async (file: Buffer) => {
  const up = await uploadAs(app, token, file, { fileType: 'xlsx', ext: 'xlsx' });
  expect(up.status, up.msg).toBe(200);
  return up.key;
};

describe('xlsx decompression bombs', () => {
  it('the generated bomb is ~500 KB that inflates to 512 MB', () => {
    const file = bomb();
    expect(file.length).toBeLessThan(1 * MB);
    expect(file.length).toBeGreaterThan(100 * 1024);
    expect(bomb512.size).toBeGreaterThan(512 * MB);
    console.log(`bomb: ${(file.length / 1024).toFixed(0)} KB inflating to ${(bomb512.size / MB).toFixed(0)} MB`);
  });

  it('a gacha import of the bomb is refused with the message, the API within 300 MB of idle', async () => {
    const url = await upload(bomb());
    const { result, growthMb } = await peakGrowth(() => call(app, api.gacha.import, { url, ip_id: brand }, { token }));
    console.log(`bomb refused by gacha.import: RSS +${growthMb.toFixed(1)} MB over idle`);
    expect(result.body).toEqual({ status: 413, msg: BOUND, data: null });
    expect(result.body.msg).toBe('表格文件解压后超过100MB，请删除多余内容或分批导入');
    expect(growthMb).toBeLessThan(300);
  });

  it('the same bomb declaring small sizes is refused by what it really inflates to', async () => {
    const liar = bomb({ declared: 4000 });
    const url = await upload(liar);
    const { result, growthMb } = await peakGrowth(() => call(app, api.gacha.import, { url, ip_id: brand }, { token }));
    console.log(`bomb with false sizes refused: RSS +${growthMb.toFixed(1)} MB over idle`);
    expect(result.body).toEqual({ status: 413, msg: BOUND, data: null });
    expect(growthMb).toBeLessThan(300);
  });

  it('the pickup and marketplace imports refuse it too, and eight imports at once stay within the bound', async () => {
    const url = await upload(bomb());
    const { result, growthMb } = await peakGrowth(() =>
      Promise.all([
        ...Array.from({ length: 3 }, () => call(app, api.pickup.import, { url }, { token })),
        ...Array.from({ length: 3 }, () =>
          call(app, api.market.import, { platform: 'shopee', ip_id: brand, file_url: url }, { token }),
        ),
        ...Array.from({ length: 2 }, () => call(app, api.gacha.import, { url, ip_id: brand }, { token })),
      ]),
    );
    console.log(`8 bomb imports at once: RSS +${growthMb.toFixed(1)} MB over idle`);
    // One merchant's eight: one read runs and four wait their turn (PARSE_PER_OWNER,
    // PARSE_QUEUE_PER_OWNER), each refused for the bomb; one arriving while all those are taken is
    // told the imports are busy.
    const bombs = result.filter((res) => res.body.status === 413);
    const busy = result.filter((res) => res.body.status === 429);
    expect(bombs.length).toBeGreaterThanOrEqual(PARSE_PER_OWNER + PARSE_QUEUE_PER_OWNER);
    for (const res of bombs) expect(res.body).toEqual({ status: 413, msg: BOUND, data: null });
    for (const res of busy) expect(res.body).toEqual({ status: 429, msg: messages.guard.sheetBusy, data: null });
    expect(bombs.length + busy.length).toBe(8);
    expect(growthMb).toBeLessThan(300);
  });
});

describe('checkZip', () => {
  it('passes a real sheet and counts what it inflates to', async () => {
    const file = await tempFile(
      await sheet([['ID', '名称'], ...Array.from({ length: 500 }, (_, i) => [i + 1, `货品${i}`])]),
    );
    const check = await checkZip(file);
    expect(check).toMatchObject({ ok: true });
    if (check.ok) expect(check.inflated).toBeGreaterThan(0);
  });

  it('refuses by the declared total, the actual total, and a local header claiming more', async () => {
    expect(await checkZip(await tempFile(bomb()))).toMatchObject({ ok: false, reason: 'inflated' });
    expect(await checkZip(await tempFile(bomb({ declared: 4000 })))).toMatchObject({ ok: false, reason: 'inflated' });
    // The directory is honest but the local header (what the parser allocates from) claims 4 GB.
    const small = bombSheet(1)!;
    const claim = zip(workbook({ name: 'xl/worksheets/sheet1.xml', deflated: small }), { localDeclared: 0xfffffff0 });
    expect(await checkZip(await tempFile(claim))).toMatchObject({ ok: false, reason: 'inflated' });
  });

  it('refuses directory records that share one entry past the bound (an overlapping bomb)', async () => {
    // The ratio rule aside, to see the total bound alone.
    const limits = { ...ZIP_LIMITS, maxRatio: 1e9 };
    const sixty = bombSheet(60)!;
    const overlap = zip(workbook({ name: 'xl/worksheets/sheet1.xml', deflated: sixty }), { records: 2 });
    expect(await checkZip(await tempFile(overlap), limits)).toMatchObject({ ok: false, reason: 'inflated' });
    const once = zip(workbook({ name: 'xl/worksheets/sheet1.xml', deflated: sixty }));
    expect(await checkZip(await tempFile(once), limits)).toMatchObject({ ok: true });
  });

  it('refuses a high ratio past its floor, and a file that is no zip', async () => {
    const twenty = zip(workbook({ name: 'xl/worksheets/sheet1.xml', deflated: bombSheet(20)! }));
    expect(await checkZip(await tempFile(twenty))).toMatchObject({ ok: false, reason: 'inflated' });
    expect(await checkZip(await tempFile(Buffer.from('not a zip at all')))).toMatchObject({
      ok: false,
      reason: 'unreadable',
    });
  });
});

describe('readSheet', () => {
  it(`parses at most ${PARSE_CONCURRENCY} files at once; the others wait their turn`, async () => {
    const file = await tempFile(await sheet([['a'], ...Array.from({ length: 2000 }, (_, i) => [i])]));
    let most = 0;
    const sampler = setInterval(() => {
      most = Math.max(most, parseLoad().running);
    }, 2);
    try {
      const reads = await Promise.all(
        Array.from({ length: 6 }, () => readSheet(file, { maxRows: 10_000, timeoutMs: 60_000 })),
      );
      for (const read of reads) expect(read).toMatchObject({ ok: true, totalRows: 2001 });
    } finally {
      clearInterval(sampler);
    }
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(PARSE_CONCURRENCY);
    expect(parseLoad()).toEqual({ running: 0, waiting: 0 });
  });
});
