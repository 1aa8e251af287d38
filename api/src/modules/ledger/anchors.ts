import type { LedgerAnchorsConfig } from '../../config';
import type { Database } from '../../db';
import { type ArchiveKey, type OpenedArchiveKey, openArchiveKey } from './archive-key';
import { appendHead, type PublishedHead, type PublishedHeads, readHeads } from './published-heads';

/*
 * What the ledger keeps outside the database it protects: the archive-signing key and the journal of
 * published heads. One per app (`app.ledgerAnchors`), from `config.ledgerAnchors`; the server opens the key before
 * serving, so a missing key stops the start rather than the first archive.
 */

export interface LedgerAnchors {
  /** Opens the key once (made, or moved out of an older database, the first time); again after a failure. */
  open(): Promise<OpenedArchiveKey>;
  signingKey(): Promise<ArchiveKey>;
  /** Appends a closing's or an archive's head to the journal (none configured: nothing). Never throws: logs. */
  publish(head: PublishedHead): Promise<void>;
  published(companyId: number): Promise<PublishedHeads>;
}

export interface AnchorsLog {
  error(details: object, message: string): void;
}

export function ledgerAnchors(db: Database, config: LedgerAnchorsConfig | undefined, log: AnchorsLog): LedgerAnchors {
  let opened: Promise<OpenedArchiveKey> | undefined;
  const open = () => {
    opened ??= openArchiveKey(db, config ?? {}).catch((error: unknown) => {
      opened = undefined;
      throw error;
    });
    return opened;
  };
  const headsFile = config?.headsFile;
  return {
    open,
    signingKey: async () => (await open()).key,
    async publish(head) {
      if (!headsFile) return;
      try {
        await appendHead(headsFile, head);
      } catch (error) {
        // The closing or archive is committed: it stands. The line is in the log, for an operator to append by hand.
        log.error({ err: error, head }, `ledger head not published to ${headsFile}`);
      }
    },
    published: async (companyId) => (headsFile ? readHeads(headsFile, companyId) : { heads: [], unreadable: [] }),
  };
}
