import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { toSVG } from 'bwip-js/node';
import PDFDocument from 'pdfkit';
import type { Config } from '../../config.js';
import { currentThread, offThread } from '../../lib/off-thread.js';

/**
 * The waybill PDF: one 100×150 mm label per outbound order number and copy, drawn with pdfkit
 * (fonts embedded as subsets) and a vector Code128 barcode from bwip-js. Drawing 200 labels takes
 * seconds of CPU, so it runs in a worker thread (lib/off-thread.ts), never on the event loop.
 */

const mm = (v: number) => (v * 72) / 25.4;
export const LABEL_WIDTH = mm(100);
export const LABEL_HEIGHT = mm(150);

export interface LabelData {
  orderSn: string;
  copy: number;
  copies: number;
  /** The brand's warehouse, or the brand when it has none. */
  sender: { name: string; brand: string; country: string };
  receiver: { name: string; phone: string; address: string };
  goods: { title: string; nums: number }[];
  printedAt: string;
}

/* ------------------------------------ fonts ------------------------------------ */

interface FontSource {
  file: string;
  /** The PostScript name of the font inside a collection (TTC). */
  name?: string;
}

const require = createRequire(import.meta.url);
const packaged = (weight: string): FontSource | null => {
  try {
    return { file: require.resolve(`@expo-google-fonts/noto-sans-sc/${weight}/NotoSansSC_${weight}.ttf`) };
  } catch {
    return null;
  }
};
const SYSTEM_DIR = '/usr/share/fonts/opentype/noto';
const system = (file: string, name: string): FontSource | null =>
  existsSync(`${SYSTEM_DIR}/${file}`) ? { file: `${SYSTEM_DIR}/${file}`, name } : null;

/**
 * The label's regular and bold CJK fonts: the configured file (for both), else Noto Sans SC from
 * the npm package, else the system's Noto Sans CJK collection (Debian's fonts-noto-cjk).
 */
export function labelFonts(config: Pick<Config, 'waybillFont' | 'waybillFontName'>): {
  regular: FontSource;
  bold: FontSource;
} {
  if (config.waybillFont) {
    if (!existsSync(config.waybillFont)) throw new Error(`WAYBILL_FONT: no such file ${config.waybillFont}`);
    const font = { file: config.waybillFont, name: config.waybillFontName };
    return { regular: font, bold: font };
  }
  const regular = packaged('400Regular') ?? system('NotoSansCJK-Regular.ttc', 'NotoSansCJKsc-Regular');
  const bold = packaged('700Bold') ?? system('NotoSansCJK-Bold.ttc', 'NotoSansCJKsc-Bold') ?? regular;
  if (!regular || !bold) {
    throw new Error('No CJK font for waybills: install the API dependencies or set WAYBILL_FONT');
  }
  return { regular, bold };
}

/** Font files are read once and kept (pdfkit subsets them into each document). */
const fontBytes = new Map<string, Buffer>();
const bytesOf = (file: string) => {
  let bytes = fontBytes.get(file);
  if (!bytes) {
    bytes = readFileSync(file);
    fontBytes.set(file, bytes);
  }
  return bytes;
};

/* ----------------------------------- barcode ----------------------------------- */

/** A Code128 barcode as vector strokes: each `<path stroke-width d>` of bwip-js's SVG. */
function barcodePaths(text: string) {
  const svg = toSVG({ bcid: 'code128', text, height: 12, includetext: false });
  const [, w, h] = /viewBox="0 0 (\d+(?:\.\d+)?) (\d+(?:\.\d+)?)"/.exec(svg) ?? [];
  const paths = [...svg.matchAll(/<path stroke="#000000" stroke-width="([\d.]+)" d="([^"]+)"/g)].map((p) => ({
    width: Number(p[1]),
    d: p[2]!,
  }));
  return { width: Number(w), height: Number(h), paths };
}

function drawBarcode(doc: PDFKit.PDFDocument, text: string, x: number, y: number, width: number, height: number) {
  const code = barcodePaths(text);
  doc.save();
  doc.translate(x, y).scale(width / code.width, height / code.height);
  for (const p of code.paths) doc.lineWidth(p.width).path(p.d).stroke('#000');
  doc.restore();
}

/* ------------------------------------ label ------------------------------------ */

const M = 8;
const INNER = LABEL_WIDTH - 2 * M;
const RIGHT = LABEL_WIDTH - M;

function hline(doc: PDFKit.PDFDocument, y: number, width = 1) {
  doc.moveTo(M, y).lineTo(RIGHT, y).lineWidth(width).stroke('#000');
}

/** A tall tag at the left of a section: black with white text, or outlined. */
function tag(doc: PDFKit.PDFDocument, text: string, y: number, h: number, filled: boolean) {
  const w = 26;
  if (filled) doc.rect(M, y, w, h).fill('#000');
  else
    doc
      .moveTo(M + w, y)
      .lineTo(M + w, y + h)
      .lineWidth(0.8)
      .stroke('#000');
  doc
    .font('bold')
    .fontSize(17)
    .fillColor(filled ? '#fff' : '#000')
    .text(text, M, y + h / 2 - 12, { width: w, align: 'center', lineBreak: false });
  doc.fillColor('#000');
  return M + w + 6;
}

function drawLabel(doc: PDFKit.PDFDocument, label: LabelData) {
  doc
    .rect(M, M, INNER, LABEL_HEIGHT - 2 * M)
    .lineWidth(1.2)
    .stroke('#000');

  // Header: the brand and the label's kind.
  const headerH = 34;
  doc.rect(RIGHT - 84, M, 84, headerH).fill('#000');
  doc
    .font('bold')
    .fontSize(14)
    .fillColor('#fff')
    .text('出库面单', RIGHT - 84, M + 9, { width: 84, align: 'center', lineBreak: false });
  doc.fillColor('#000').font('bold').fontSize(12);
  doc.text(label.sender.brand, M + 6, M + 5, { width: INNER - 96, height: 16, ellipsis: true, lineBreak: false });
  doc
    .font('regular')
    .fontSize(7)
    .text(`打印时间 ${label.printedAt}`, M + 6, M + 22, { lineBreak: false });
  let y = M + headerH;
  hline(doc, y);

  // The barcode of the outbound order number, and the number.
  const barcodeTop = y + 8;
  drawBarcode(doc, label.orderSn, M + 14, barcodeTop, INNER - 28, 50);
  doc
    .font('bold')
    .fontSize(12)
    .text(label.orderSn, M, barcodeTop + 55, {
      width: INNER,
      align: 'center',
      characterSpacing: 0.8,
      lineBreak: false,
    });
  y = barcodeTop + 74;
  hline(doc, y);

  // Receiver.
  const receiverH = 92;
  const rx = tag(doc, '收', y, receiverH, true);
  const rw = RIGHT - rx - 6;
  doc
    .font('bold')
    .fontSize(15)
    .text(label.receiver.name, rx, y + 8, {
      width: rw * 0.5,
      height: 20,
      ellipsis: true,
      lineBreak: false,
    });
  doc
    .font('bold')
    .fontSize(14)
    .text(label.receiver.phone, rx + rw * 0.5, y + 9, {
      width: rw * 0.5,
      align: 'right',
      lineBreak: false,
    });
  doc
    .font('regular')
    .fontSize(11)
    .text(label.receiver.address, rx, y + 32, {
      width: rw,
      height: receiverH - 38,
      ellipsis: true,
      lineGap: 1,
    });
  y += receiverH;
  hline(doc, y);

  // Sender: the warehouse (or the brand).
  const senderH = 46;
  const sx = tag(doc, '寄', y, senderH, false);
  doc
    .font('bold')
    .fontSize(10.5)
    .text(label.sender.name, sx, y + 8, {
      width: RIGHT - sx - 6,
      height: 14,
      ellipsis: true,
      lineBreak: false,
    });
  const from = [label.sender.brand, label.sender.country].filter(Boolean).join(' · ');
  doc
    .font('regular')
    .fontSize(8)
    .text(from, sx, y + 26, { width: RIGHT - sx - 6, lineBreak: false });
  y += senderH;
  hline(doc, y);

  // Goods: titles × quantities.
  const goodsH = 112;
  const total = label.goods.reduce((n, g) => n + g.nums, 0);
  doc
    .font('bold')
    .fontSize(9)
    .text('物品', M + 6, y + 6, { lineBreak: false });
  doc.text(`共 ${total} 件`, M + 6, y + 6, { width: INNER - 12, align: 'right', lineBreak: false });
  const rows = 7;
  const shown = label.goods.length > rows ? label.goods.slice(0, rows - 1) : label.goods;
  let gy = y + 22;
  doc.font('regular').fontSize(8.5);
  for (const g of shown) {
    doc.text(g.title, M + 6, gy, { width: INNER - 52, height: 11, ellipsis: true, lineBreak: false });
    doc.text(`× ${g.nums}`, RIGHT - 46, gy, { width: 40, align: 'right', lineBreak: false });
    gy += 12.5;
  }
  if (shown.length < label.goods.length) {
    doc
      .fillColor('#444')
      .text(`… 等 ${label.goods.length} 种`, M + 6, gy, { lineBreak: false })
      .fillColor('#000');
  }
  y += goodsH;
  hline(doc, y);

  // Footer: signature, the copy and the number again.
  const half = M + INNER / 2;
  doc
    .moveTo(half, y)
    .lineTo(half, LABEL_HEIGHT - M)
    .lineWidth(0.8)
    .stroke('#000');
  doc.font('regular').fontSize(8);
  doc.text('签收人：', M + 6, y + 8, { lineBreak: false });
  doc.text('签收时间：', M + 6, y + 26, { lineBreak: false });
  doc
    .font('bold')
    .fontSize(9)
    .text(`第 ${label.copy}/${label.copies} 份`, half + 6, y + 7, { lineBreak: false });
  doc
    .font('regular')
    .fontSize(6.5)
    .text(`出库单号 ${label.orderSn}`, half + 6, y + 22, {
      width: INNER / 2 - 10,
      lineBreak: false,
    });
  doc.text('原始出库单号 · 面单 130', half + 6, y + 32, { lineBreak: false });
}

type FontConfig = Pick<Config, 'waybillFont' | 'waybillFontName'>;

/** The PDF's bytes and the thread that drew them (0: the main thread). */
export interface RenderedPdf {
  bytes: Uint8Array;
  thread: number;
}

/** Draw the labels, in order, as one PDF, on the calling thread (the off-thread pool calls this). */
export async function renderWaybillPdf(labels: LabelData[], config: FontConfig): Promise<RenderedPdf> {
  const fonts = labelFonts(config);
  const doc = new PDFDocument({
    size: [LABEL_WIDTH, LABEL_HEIGHT],
    margin: 0,
    autoFirstPage: false,
    info: { Title: '面单', Subject: labels.map((l) => l.orderSn).join(' ') },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = once(doc, 'end');
  doc.registerFont('regular', bytesOf(fonts.regular.file), fonts.regular.name as string);
  doc.registerFont('bold', bytesOf(fonts.bold.file), fonts.bold.name as string);
  for (const label of labels) {
    doc.addPage({ size: [LABEL_WIDTH, LABEL_HEIGHT], margin: 0 });
    drawLabel(doc, label);
  }
  doc.end();
  await done;
  return { bytes: Buffer.concat(chunks), thread: currentThread() };
}

/** Draw the labels in a worker thread; the PDF's bytes, and the thread that drew them. */
export function drawWaybillPdf(labels: LabelData[], config: FontConfig): Promise<RenderedPdf> {
  const fonts = { waybillFont: config.waybillFont, waybillFontName: config.waybillFontName };
  return offThread<RenderedPdf>(import.meta.url, 'renderWaybillPdf', labels, fonts);
}

/** Write the labels, in order, as one PDF at `file` (drawn in a worker thread). */
export async function writeWaybillPdf(file: string, labels: LabelData[], config: FontConfig): Promise<void> {
  const { bytes } = await drawWaybillPdf(labels, config);
  await writeFile(file, bytes);
}
