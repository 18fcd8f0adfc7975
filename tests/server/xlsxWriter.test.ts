/**
 * The streamed .xlsx writer (server/reports/formats/xlsx/xlsxWriter.ts, zipWriter.ts): the archive is
 * walked by hand (central directory, every entry inflated and its CRC and sizes checked, which
 * ExcelJS's reader does not do), and the workbook is read back with ExcelJS.
 */
import { PassThrough, Writable } from 'node:stream';
import { crc32, inflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { columnLetters, streamXlsx, type CellValue, type SheetColumn } from '../../server/reports/formats/xlsx/xlsxWriter';

const COLUMNS: SheetColumn[] = [
  { label: 'Texto', width: 22 },
  { label: 'Quando', width: 17, format: 'dd/mm/yyyy hh:mm' },
  { label: 'Valor', width: 14, format: '"R$" #,##0.00' },
];

async function written(columns: SheetColumn[], batches: CellValue[][][]): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => out.on('end', resolve));
  await streamXlsx(out, { name: 'Planilha', columns }, async (addRows) => {
    for (const rows of batches) await addRows(rows);
  });
  await ended;
  return Buffer.concat(chunks);
}

interface ZipEntry {
  name: string;
  data: Buffer;
}

/** Reads an archive from its end record, as unzip does, checking every entry against its headers. */
function unzip(archive: Buffer): ZipEntry[] {
  const end = archive.length - 22;
  expect(archive.readUInt32LE(end)).toBe(0x06054b50);
  const count = archive.readUInt16LE(end + 10);
  const directorySize = archive.readUInt32LE(end + 12);
  let at = archive.readUInt32LE(end + 16);
  expect(at + directorySize).toBe(end);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    expect(archive.readUInt32LE(at)).toBe(0x02014b50);
    const flags = archive.readUInt16LE(at + 8);
    expect(archive.readUInt16LE(at + 10)).toBe(8);
    const crc = archive.readUInt32LE(at + 16);
    const compressed = archive.readUInt32LE(at + 20);
    const size = archive.readUInt32LE(at + 24);
    const nameLength = archive.readUInt16LE(at + 28);
    const local = archive.readUInt32LE(at + 42);
    const name = archive.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    expect(archive.readUInt32LE(local)).toBe(0x04034b50);
    const dataStart = local + 30 + archive.readUInt16LE(local + 26) + archive.readUInt16LE(local + 28);
    const data = inflateRawSync(archive.subarray(dataStart, dataStart + compressed));
    expect(data.length, name).toBe(size);
    expect(crc32(data), name).toBe(crc);
    if (flags & 0x0008) {
      const descriptor = dataStart + compressed;
      expect(archive.readUInt32LE(descriptor)).toBe(0x08074b50);
      expect([archive.readUInt32LE(descriptor + 4), archive.readUInt32LE(descriptor + 8), archive.readUInt32LE(descriptor + 12)]).toEqual([crc, compressed, size]);
    }
    entries.push({ name, data });
    at += 46 + nameLength + archive.readUInt16LE(at + 30) + archive.readUInt16LE(at + 32);
  }
  return entries;
}

async function sheetOf(archive: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(archive as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('Planilha');
  if (!sheet) throw new Error('no sheet');
  return sheet;
}

describe('xlsx writer', () => {
  it('names columns as spreadsheets do', () => {
    expect([1, 26, 27, 32, 52, 53, 702, 703].map(columnLetters)).toEqual(['A', 'Z', 'AA', 'AF', 'AZ', 'BA', 'ZZ', 'AAA']);
  });

  it('writes a valid archive whose sheet holds every row of every batch, typed and formatted', async () => {
    const when = new Date(Date.UTC(2026, 2, 5, 14, 30));
    const batches: CellValue[][][] = [
      Array.from({ length: 1500 }, (_, i) => [`linha ${i}`, when, i + 0.25]),
      [['última', null, 12345.67]],
    ];
    const archive = await written(COLUMNS, batches);
    const names = unzip(archive).map((e) => e.name);
    expect(names).toEqual(['[Content_Types].xml', '_rels/.rels', 'xl/workbook.xml', 'xl/_rels/workbook.xml.rels', 'xl/styles.xml', 'xl/worksheets/sheet1.xml']);

    const sheet = await sheetOf(archive);
    expect(sheet.rowCount).toBe(1502);
    expect(sheet.getRow(1).values).toEqual([undefined, 'Texto', 'Quando', 'Valor']);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.columns.map((c) => c.width)).toEqual([22, 17, 14]);
    const row = sheet.getRow(1001);
    expect(row.getCell(1).value).toBe('linha 999');
    expect(row.getCell(2).value).toEqual(when);
    expect(row.getCell(2).numFmt).toBe('dd/mm/yyyy hh:mm');
    expect(row.getCell(3).value).toBe(999.25);
    expect(row.getCell(3).numFmt).toBe('"R$" #,##0.00');
    const last = sheet.getRow(1502);
    expect(last.getCell(1).value).toBe('última');
    expect(last.getCell(2).value).toBeNull();
    expect(last.getCell(3).value).toBe(12345.67);
  });

  it('escapes markup, drops what XML cannot carry, keeps edge spaces and leaves non-finite numbers empty', async () => {
    const texts = ['<b>&"x"</b>', 'a\u0000b\u0007c\u001Fd', '  margem  ', 'tab\tlinha\nfim', 'emoji 🚚 ok', 'sozinho \uD83D fim'];
    const archive = await written(
      [{ label: 'T', width: 10 }, { label: 'N', width: 10, format: '0.00' }],
      [texts.map((text, i) => [text, i === 0 ? Number.NaN : i === 1 ? Number.POSITIVE_INFINITY : i])],
    );
    const sheet = await sheetOf(archive);
    expect(texts.map((_, i) => sheet.getRow(i + 2).getCell(1).value)).toEqual([
      '<b>&"x"</b>',
      'abcd',
      '  margem  ',
      'tab\tlinha\nfim',
      'emoji 🚚 ok',
      'sozinho  fim',
    ]);
    expect(sheet.getRow(2).getCell(2).value).toBeNull();
    expect(sheet.getRow(3).getCell(2).value).toBeNull();
    expect(sheet.getRow(4).getCell(2).value).toBe(2);
  });

  it('stops writing once the client is gone, and never ends the stream with a partial archive', async () => {
    let taken = 0;
    const out = new Writable({
      highWaterMark: 1024,
      write(_chunk, _encoding, callback) {
        taken += 1;
        // A client that reads a little and leaves.
        if (taken === 3) out.destroy();
        else setImmediate(callback);
      },
    });
    let batches = 0;
    await streamXlsx(out, { name: 'Planilha', columns: COLUMNS }, async (addRows, gone) => {
      while (!gone() && batches < 1000) {
        batches += 1;
        await addRows(Array.from({ length: 500 }, (_, i) => [`texto ${batches}-${i} ${Math.random()}`, new Date(), Math.random()]));
      }
    });
    expect(out.destroyed).toBe(true);
    expect(batches).toBeLessThan(1000);
    expect(out.writableEnded).toBe(false);
  });
});
