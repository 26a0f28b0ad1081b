// Parses one spreadsheet off the main thread (see read.ts): the first sheet as rows of raw cell
// values, at most `maxRows` + 2 rows read, and the sheet's full row count from its dimension.
// SheetJS inflates every zip entry in memory, so read.ts starts this worker only for a file whose
// declared and actual inflated sizes passed zip-check.ts.
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import * as XLSX from 'xlsx';

const { path, maxRows } = workerData;
try {
  const workbook = XLSX.read(readFileSync(path), {
    type: 'buffer',
    dense: true,
    sheets: 0,
    sheetRows: maxRows + 2,
    cellFormula: false,
    cellHTML: false,
    cellText: false,
    cellStyles: false,
    bookVBA: false,
  });
  const name = workbook.SheetNames[0];
  const sheet = name ? workbook.Sheets[name] : undefined;
  if (!sheet) {
    parentPort.postMessage({ ok: true, rows: [], totalRows: 0 });
  } else {
    const full = sheet['!fullref'] ?? sheet['!ref'];
    const range = full ? XLSX.utils.decode_range(full) : null;
    const rows = XLSX.utils.sheet_to_json(sheet, { header: 1, raw: true, defval: null, blankrows: true });
    // Row numbers are the sheet's own: pad the rows above the sheet's first used row.
    const first = sheet['!ref'] ? XLSX.utils.decode_range(sheet['!ref']).s.r : 0;
    const padded = first > 0 ? [...Array.from({ length: first }, () => []), ...rows] : rows;
    parentPort.postMessage({ ok: true, rows: padded, totalRows: range ? range.e.r + 1 : padded.length });
  }
} catch (error) {
  parentPort.postMessage({ ok: false, message: String(error?.message ?? error) });
}
