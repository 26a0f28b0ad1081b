import { open } from 'node:fs/promises';
import { constants, crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

/**
 * A streaming .xlsx writer: one worksheet of inline strings and numbers, written row batch by row
 * batch through a deflate stream into a zip file, so memory stays flat however many rows there
 * are (SheetJS builds the whole workbook in memory first). The result opens in Excel, WPS,
 * LibreOffice and SheetJS (which the import reads it back with).
 */
export type Cell = string | number | null | undefined;

export interface SheetColumn {
  header: string;
  /** Width in characters. */
  width?: number;
}

interface Entry {
  name: Buffer;
  offset: number;
  crc: number;
  compressed: number;
  size: number;
}

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

const sheetType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml';
/** The zip parts around the sheets: their number decides the content types and relationships. */
const staticParts = (sheets: number): [string, string][] => {
  const numbers = Array.from({ length: sheets }, (_, i) => i + 1);
  return [
    [
      '[Content_Types].xml',
      `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>${numbers.map((n) => `<Override PartName="/xl/worksheets/sheet${n}.xml" ContentType="${sheetType}"/>`).join('')}<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
    ],
    [
      '_rels/.rels',
      `${XML_HEAD}<Relationships xmlns="${PKG_NS}"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ],
    [
      'xl/_rels/workbook.xml.rels',
      `${XML_HEAD}<Relationships xmlns="${PKG_NS}">${numbers.map((n) => `<Relationship Id="rId${n}" Type="${REL_NS}/worksheet" Target="worksheets/sheet${n}.xml"/>`).join('')}<Relationship Id="rId${sheets + 1}" Type="${REL_NS}/styles" Target="styles.xml"/></Relationships>`,
    ],
    [
      'xl/styles.xml',
      `${XML_HEAD}<styleSheet xmlns="${NS}"><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="3"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill><fill><patternFill patternType="solid"><fgColor rgb="FFEDE9FE"/><bgColor indexed="64"/></patternFill></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="2" borderId="0" xfId="0" applyFont="1" applyFill="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`,
    ],
  ];
};

// Characters XML 1.0 cannot carry are dropped; the five specials are escaped.
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing exactly those characters
const INVALID = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
const SPECIAL = /[&<>"]/g;
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
export const escapeXml = (text: string) => text.replace(INVALID, '').replace(SPECIAL, (c) => ESCAPES[c]!);

function cellXml(value: Cell, style = ''): string {
  if (value === null || value === undefined || value === '') return '<c/>';
  if (typeof value === 'number') return Number.isFinite(value) ? `<c${style}><v>${value}</v></c>` : '<c/>';
  const text = escapeXml(value).slice(0, 32767);
  const space = /^\s|\s$/.test(text) ? ' xml:space="preserve"' : '';
  return `<c t="inlineStr"${style}><is><t${space}>${text}</t></is></c>`;
}

/** A small sheet of fixed rows under a bold header (see XlsxWriter.create). */
export interface NotesSheet {
  name: string;
  columns: SheetColumn[];
  rows: Cell[][];
}

function notesXml({ columns, rows }: NotesSheet): string {
  const cols = columns
    .map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width ?? 14}" customWidth="1"/>`)
    .join('');
  const head = `<row r="1">${columns.map((c) => cellXml(c.header, ' s="1"')).join('')}</row>`;
  const body = rows.map((r, i) => `<row r="${i + 2}">${r.map((c) => cellXml(c)).join('')}</row>`).join('');
  return `${XML_HEAD}<worksheet xmlns="${NS}" xmlns:r="${REL_NS}"><cols>${cols}</cols><sheetData>${head}${body}</sheetData></worksheet>`;
}

/** The sheet's rows are encoded into buffers of this size before they go to deflate. */
const CHUNK_BYTES = 64 * 1024;

function localHeader(name: Buffer, crc: number, compressed: number, size: number): Buffer {
  const h = Buffer.alloc(30);
  h.writeUInt32LE(0x04034b50, 0);
  h.writeUInt16LE(20, 4);
  h.writeUInt16LE(0x0800, 6); // UTF-8 names
  h.writeUInt16LE(8, 8); // deflate
  h.writeUInt32LE(0x00210000, 10); // 1980-01-01 00:00
  h.writeUInt32LE(crc, 14);
  h.writeUInt32LE(compressed, 18);
  h.writeUInt32LE(size, 22);
  h.writeUInt16LE(name.length, 26);
  return h;
}

export class XlsxWriter {
  private entries: Entry[] = [];
  private offset = 0;
  private rowNum = 0;
  private sheet!: { entry: Entry; deflate: ReturnType<typeof createDeflateRaw>; done: Promise<void> };

  private constructor(private readonly file: Awaited<ReturnType<typeof open>>) {}

  /**
   * Start `path` with its header row; then `addRows` any number of times and `close`. `notes` is a
   * small second sheet written at once (a template's instructions), after the data sheet.
   */
  static async create(
    path: string,
    columns: SheetColumn[],
    sheetName = 'Sheet1',
    notes?: NotesSheet,
  ): Promise<XlsxWriter> {
    const writer = new XlsxWriter(await open(path, 'w'));
    const names = [sheetName, ...(notes ? [notes.name] : [])];
    try {
      for (const [name, xml] of staticParts(names.length)) await writer.addPart(name, xml);
      await writer.addPart(
        'xl/workbook.xml',
        `${XML_HEAD}<workbook xmlns="${NS}" xmlns:r="${REL_NS}"><sheets>${names.map((n, i) => `<sheet name="${escapeXml(n)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('')}</sheets></workbook>`,
      );
      if (notes) await writer.addPart('xl/worksheets/sheet2.xml', notesXml(notes));
      await writer.startSheet(columns);
    } catch (error) {
      await writer.file.close();
      throw error;
    }
    return writer;
  }

  private async write(data: Buffer): Promise<void> {
    await this.file.write(data, 0, data.length, this.offset);
    this.offset += data.length;
  }

  private async addPart(name: string, xml: string): Promise<void> {
    const data = Buffer.from(xml);
    const packed = deflateRawSync(data);
    const nameBuf = Buffer.from(name);
    const entry = {
      name: nameBuf,
      offset: this.offset,
      crc: crc32(data),
      compressed: packed.length,
      size: data.length,
    };
    await this.write(localHeader(nameBuf, entry.crc, entry.compressed, entry.size));
    await this.write(nameBuf);
    await this.write(packed);
    this.entries.push(entry);
  }

  private async startSheet(columns: SheetColumn[]): Promise<void> {
    const name = Buffer.from('xl/worksheets/sheet1.xml');
    const entry: Entry = { name, offset: this.offset, crc: 0, compressed: 0, size: 0 };
    // The header is rewritten with the real sizes and checksum once the sheet is complete.
    await this.write(localHeader(name, 0, 0, 0));
    await this.write(name);
    const deflate = createDeflateRaw({ level: 1, memLevel: 9, strategy: constants.Z_DEFAULT_STRATEGY });
    const done = (async () => {
      for await (const chunk of deflate as AsyncIterable<Buffer>) {
        entry.compressed += chunk.length;
        await this.write(chunk);
      }
    })();
    done.catch(() => undefined);
    this.sheet = { entry, deflate, done };
    const cols = columns
      .map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width ?? 14}" customWidth="1"/>`)
      .join('');
    await this.push(
      `${XML_HEAD}<worksheet xmlns="${NS}" xmlns:r="${REL_NS}"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><sheetFormatPr defaultRowHeight="16"/><cols>${cols}</cols><sheetData>`,
    );
    this.rowNum = 1;
    await this.push(`<row r="1">${columns.map((c) => cellXml(c.header, ' s="1"')).join('')}</row>`);
  }

  private async push(xml: string): Promise<void> {
    if (!this.feed(Buffer.from(xml))) await this.drained();
  }

  /** Hand bytes of the sheet to the deflate stream; false when it wants a pause (see drained). */
  private feed(data: Buffer): boolean {
    const { entry, deflate } = this.sheet;
    entry.crc = crc32(data, entry.crc);
    entry.size += data.length;
    return deflate.write(data);
  }

  private drained(): Promise<void> {
    return new Promise<void>((resolve) => this.sheet.deflate.once('drain', resolve));
  }

  /**
   * Rows of cells (strings, numbers, or empty), taken one at a time: each row's XML is encoded
   * straight into a chunk buffer outside the JS heap, so neither the rows (an iterable may make
   * them lazily) nor the batch's XML string stay alive for the whole batch.
   */
  async addRows(rows: Iterable<Cell[]>): Promise<void> {
    let chunk = Buffer.allocUnsafe(CHUNK_BYTES);
    let used = 0;
    let paused = false;
    const flush = () => {
      if (used === 0) return;
      // The stream keeps the buffer until it is compressed: the next chunk is a new one.
      if (!this.feed(chunk.subarray(0, used))) paused = true;
      chunk = Buffer.allocUnsafe(CHUNK_BYTES);
      used = 0;
    };
    for (const row of rows) {
      this.rowNum += 1;
      let xml = `<row r="${this.rowNum}">`;
      for (const cell of row) xml += cellXml(cell);
      xml += '</row>';
      // UTF-8 takes at most 3 bytes per UTF-16 unit.
      if (used + xml.length * 3 > CHUNK_BYTES) {
        flush();
        if (paused) {
          await this.drained();
          paused = false;
        }
        if (xml.length * 3 > CHUNK_BYTES) {
          if (!this.feed(Buffer.from(xml))) await this.drained();
          continue;
        }
      }
      used += chunk.write(xml, used);
    }
    flush();
    if (paused) await this.drained();
  }

  /** Data rows written so far. */
  get rows(): number {
    return this.rowNum - 1;
  }

  /** Finish the sheet and the zip directory; answers the file size. */
  async close(): Promise<number> {
    try {
      await this.push('</sheetData></worksheet>');
      this.sheet.deflate.end();
      await this.sheet.done;
      const { entry } = this.sheet;
      const header = localHeader(entry.name, entry.crc, entry.compressed, entry.size);
      await this.file.write(header, 0, header.length, entry.offset);
      this.entries.push(entry);
      const start = this.offset;
      for (const e of this.entries) {
        const c = Buffer.alloc(46);
        c.writeUInt32LE(0x02014b50, 0);
        c.writeUInt16LE(20, 4);
        c.writeUInt16LE(20, 6);
        c.writeUInt16LE(0x0800, 8);
        c.writeUInt16LE(8, 10);
        c.writeUInt32LE(0x00210000, 12);
        c.writeUInt32LE(e.crc, 16);
        c.writeUInt32LE(e.compressed, 20);
        c.writeUInt32LE(e.size, 24);
        c.writeUInt16LE(e.name.length, 28);
        c.writeUInt32LE(e.offset, 42);
        await this.write(Buffer.concat([c, e.name]));
      }
      const end = Buffer.alloc(22);
      end.writeUInt32LE(0x06054b50, 0);
      end.writeUInt16LE(this.entries.length, 8);
      end.writeUInt16LE(this.entries.length, 10);
      end.writeUInt32LE(this.offset - start, 12);
      end.writeUInt32LE(start, 16);
      await this.write(end);
      return this.offset;
    } finally {
      await this.file.close();
    }
  }

  /** Give up: close the file (the caller removes it). */
  async abort(): Promise<void> {
    this.sheet?.deflate.destroy();
    await this.file.close().catch(() => undefined);
  }
}
