import { WORK_ORDER_DOCUMENT_TYPE } from 'contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db';
import { folderDocuments, folders, users } from '../db/schema';
import { addDocument } from '../modules/folders/documents/documents-repository';
import { FOLDER_PAPERS, paperFacts } from '../modules/folders/papers/folder-papers';

/** The returning customer of the demo (folders/seed.ts): her papers are signed. */
const CUSTOMER = { lastName: 'Fontaine', phone: '0612345678', signer: 'Claire Fontaine' };

/**
 * The demo's signed papers: a work order on each of Claire Fontaine's folders and a delivery report on
 * those closed, through the product's one way of adding a document. Runs once (a signed work order there = done).
 */
export async function seedFolderPapersDemo(db: Database): Promise<void> {
  const rows = await db
    .select({ id: folders.id, companyId: folders.companyId, closedAt: folders.closedAt })
    .from(folders)
    .where(and(eq(folders.lastName, CUSTOMER.lastName), eq(folders.phone, CUSTOMER.phone)));
  if (rows.length === 0) return;
  const [done] = await db
    .select({ id: folderDocuments.id })
    .from(folderDocuments)
    .where(
      and(
        inArray(
          folderDocuments.folderId,
          rows.map((row) => row.id),
        ),
        eq(folderDocuments.typeFile, WORK_ORDER_DOCUMENT_TYPE),
      ),
    )
    .limit(1);
  if (done) return;
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'poseur.admin@demo.garage.fr'));
  if (!admin) return;
  for (const row of rows) {
    const facts = await paperFacts(db, [row.companyId], row.id);
    if (!facts) continue;
    const papers = row.closedAt ? FOLDER_PAPERS : FOLDER_PAPERS.slice(0, 1);
    for (const paper of papers) {
      const at = new Date();
      const pdf = await paper.render(facts, { name: CUSTOMER.signer, at });
      await addDocument(db, { userId: admin.id, companyIds: [row.companyId] }, row.id, {
        name: paper.signedName(CUSTOMER.signer),
        typeFile: paper.typeFile,
        fileName: `${paper.fileName(facts.number)}-signe.pdf`,
        mimeType: 'application/pdf',
        content: Buffer.from(pdf),
        numberInvoice: '',
        priceInvoice: '',
        signed: { by: CUSTOMER.signer, at },
      });
    }
  }
}
