import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  FEC_CONTENT_TYPE,
  JOURNAL_LABELS,
  type JournalCode,
  type JournalLineRow,
  type PeriodExportFormat,
} from 'contracts';
import type { FastifyReply } from 'fastify';
import type { Database } from '../../db';
import { attachment } from '../../lib/content-disposition';
import { digestingTap } from '../../lib/digest-stream';
import { SHEET_CONTENT_TYPES, type SheetColumn, type SheetValue, sheetStream } from '../../lib/spreadsheet';
import { logEvent } from '../ledger/events';

/*
 * The accountant's files as downloads: an attachment never sniffed nor cached, and an event of the garage's
 * technical log once written, with the file's name, period, size and SHA-256 (as the period exports).
 */

export interface DownloadLog {
  db: Database;
  companyId: number;
  userId: number;
  details: { export: 'fec' | 'journals'; fileName: string; from: string; to: string; journal?: JournalCode };
}

const log = (logged: DownloadLog, bytes: number, sha256: string) =>
  logEvent(logged.db, logged.companyId, 'export', { ...logged.details, bytes, sha256 }, logged.userId);

const asAttachment = (reply: FastifyReply, type: string, fileName: string) =>
  reply
    .type(type)
    .header('content-disposition', attachment(fileName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store');

/** The FEC, whole (built in memory): logged, then sent. */
export async function sendFec(reply: FastifyReply, bytes: Buffer, logged: DownloadLog) {
  await log(logged, bytes.length, createHash('sha256').update(bytes).digest('hex'));
  return asAttachment(reply, FEC_CONTENT_TYPE, logged.details.fileName).send(bytes);
}

/** A stream, digested as it leaves and logged once fully written. */
function sendLoggedStream(reply: FastifyReply, type: string, stream: Readable, logged: DownloadLog) {
  const tap = digestingTap((bytes, sha256) => log(logged, bytes, sha256));
  return asAttachment(reply, type, logged.details.fileName).send(stream.pipe(tap));
}

const JOURNAL_COLUMNS: SheetColumn[] = [
  { header: 'Journal', kind: 'text', width: 8 },
  { header: 'Libellé du journal', kind: 'text', width: 12 },
  { header: 'N° d’écriture', kind: 'text', width: 12 },
  { header: 'Date', kind: 'date' },
  { header: 'Compte', kind: 'text', width: 12 },
  { header: 'Libellé du compte', kind: 'text', width: 30 },
  { header: 'Compte auxiliaire', kind: 'text', width: 18 },
  { header: 'Libellé auxiliaire', kind: 'text', width: 26 },
  { header: 'Pièce', kind: 'text', width: 16 },
  { header: 'Date de la pièce', kind: 'date' },
  { header: 'Libellé', kind: 'text', width: 50 },
  { header: 'Débit', kind: 'euros' },
  { header: 'Crédit', kind: 'euros' },
  { header: 'Date de validation', kind: 'date' },
];
const ROWS_PER_BATCH = 500;

async function* journalBatches(lines: JournalLineRow[]): AsyncGenerator<SheetValue[][]> {
  for (let start = 0; start < lines.length; start += ROWS_PER_BATCH) {
    yield lines
      .slice(start, start + ROWS_PER_BATCH)
      .map((line) => [
        line.journal,
        JOURNAL_LABELS[line.journal],
        String(line.entryNumber),
        line.date,
        line.account,
        line.accountLabel,
        line.auxAccount,
        line.auxLabel,
        line.pieceRef,
        line.pieceDate,
        line.label,
        line.debit,
        line.credit,
        line.validDate,
      ]);
  }
}

/** The journals' lines as Excel (amounts as numbers, dates as dates) or French CSV, like the period exports. */
export const sendJournals = (
  reply: FastifyReply,
  format: PeriodExportFormat,
  lines: JournalLineRow[],
  logged: DownloadLog,
) =>
  sendLoggedStream(
    reply,
    SHEET_CONTENT_TYPES[format],
    sheetStream(format, 'Journaux', JOURNAL_COLUMNS, journalBatches(lines)),
    logged,
  );
