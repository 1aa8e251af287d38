import { type FolderDocument, INVOICE_DOCUMENT_TYPE, parseEuros } from 'contracts';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../db';
import { folderDocumentContents, folderDocuments, folderHistory, folders, users } from '../../../db/schema';
import type { AcceptedMime } from '../../../lib/file-kind';
import { lockFolder } from '../../../lib/folder-lock';
import type { FolderScope } from '../repository';

export interface NewDocument {
  name: string;
  typeFile: string;
  fileName: string;
  mimeType: AcceptedMime;
  content: Buffer;
  numberInvoice: string;
  priceInvoice: string;
  /** A cession signed on screen: by whom and when. */
  signed?: { by: string; at: Date };
  /** The phone's key for a paper signed offline (unique per garage). */
  idempotencyKey?: string;
}

const columns = {
  id: folderDocuments.id,
  name: folderDocuments.name,
  typeFile: folderDocuments.typeFile,
  fileName: folderDocuments.fileName,
  mimeType: folderDocuments.mimeType,
  size: folderDocuments.size,
  numberInvoice: folderDocuments.numberInvoice,
  priceInvoice: folderDocuments.priceInvoice,
  uploadedBy: sql<string | null>`trim(${users.firstname} || ' ' || ${users.name})`,
  createdAt: folderDocuments.createdAt,
};

type DocumentRow = Omit<FolderDocument, 'uploadedBy' | 'createdAt'> & { uploadedBy: string | null; createdAt: Date };
const toDocument = ({ uploadedBy, createdAt, ...rest }: DocumentRow): FolderDocument => ({
  ...rest,
  uploadedBy: uploadedBy ?? 'Système',
  createdAt: createdAt.toISOString(),
});

/** The folder's documents, newest first; undefined when the folder is outside the caller's companies. */
export async function listDocuments(db: Database, companyIds: number[], folderId: number) {
  const [folder] = await db
    .select({ id: folders.id })
    .from(folders)
    .where(and(eq(folders.id, folderId), inArray(folders.companyId, companyIds)));
  if (!folder) return undefined;
  const rows = await db
    .select(columns)
    .from(folderDocuments)
    .leftJoin(users, eq(users.id, folderDocuments.uploadedBy))
    .where(eq(folderDocuments.folderId, folderId))
    .orderBy(desc(folderDocuments.createdAt), desc(folderDocuments.id));
  return rows.map(toDocument);
}

/** Stores a document (metadata, bytes and a history row in one transaction); undefined outside the scope. */
export async function addDocument(db: Database, scope: FolderScope, folderId: number, document: NewDocument) {
  return db.transaction(async (tx) => {
    const folder = await lockFolder(tx, scope, folderId);
    if (!folder) return undefined;
    const invoice = document.typeFile === INVOICE_DOCUMENT_TYPE;
    const name = document.name || document.fileName;
    const [saved] = await tx
      .insert(folderDocuments)
      .values({
        folderId,
        companyId: folder.companyId,
        name,
        typeFile: document.typeFile,
        fileName: document.fileName,
        mimeType: document.mimeType,
        size: document.content.length,
        numberInvoice: invoice ? document.numberInvoice : null,
        priceInvoice: invoice ? (parseEuros(document.priceInvoice) ?? null) : null,
        uploadedBy: scope.userId,
        signedBy: document.signed?.by ?? null,
        signedAt: document.signed?.at ?? null,
        idempotencyKey: document.idempotencyKey ?? null,
      })
      .returning({ id: folderDocuments.id });
    if (!saved) throw new Error('document not inserted');
    await tx.insert(folderDocumentContents).values({ documentId: saved.id, content: document.content });
    await tx.insert(folderHistory).values({
      folderId,
      companyId: folder.companyId,
      userId: scope.userId,
      kind: 'document',
      field: document.typeFile,
      newValue: name,
    });
    const [row] = await tx
      .select(columns)
      .from(folderDocuments)
      .leftJoin(users, eq(users.id, folderDocuments.uploadedBy))
      .where(eq(folderDocuments.id, saved.id));
    return row ? toDocument(row) : undefined;
  });
}

/** The document a phone already sent with this key on this folder (a resend after a lost answer), if any. */
export async function documentByKey(db: Database, companyIds: number[], folderId: number, key: string) {
  const [row] = await db
    .select(columns)
    .from(folderDocuments)
    .leftJoin(users, eq(users.id, folderDocuments.uploadedBy))
    .where(
      and(
        eq(folderDocuments.folderId, folderId),
        inArray(folderDocuments.companyId, companyIds),
        eq(folderDocuments.idempotencyKey, key),
      ),
    );
  return row ? toDocument(row) : undefined;
}

/** One document with its bytes, only through a folder of the caller's companies. */
export async function readDocument(db: Database, companyIds: number[], folderId: number, documentId: number) {
  const [row] = await db
    .select({
      fileName: folderDocuments.fileName,
      mimeType: folderDocuments.mimeType,
      content: folderDocumentContents.content,
    })
    .from(folderDocuments)
    .innerJoin(folderDocumentContents, eq(folderDocumentContents.documentId, folderDocuments.id))
    .where(
      and(
        eq(folderDocuments.id, documentId),
        eq(folderDocuments.folderId, folderId),
        inArray(folderDocuments.companyId, companyIds),
      ),
    );
  return row;
}
