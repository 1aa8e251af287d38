import { sql } from 'drizzle-orm';
import { folderDocumentContents, folderDocuments, folders } from '../db/schema';
import type { Tx } from '../lib/folder-lock';
import { renderPdf } from '../lib/pdf';

const APPOINTMENT_NOTES = [
  'Client prévenu par SMS, véhicule déposé la veille.',
  'Pose à domicile : prévoir la ventouse et le primaire.',
  'Recalibrage caméra après la pose.',
  'Le client attend sur place (1 h 30).',
];

/**
 * What a garage's folders carry beyond their status: appointment notes, the sending to the insurer, the
 * closing answers and a few signed documents, so the folder page shows every block filled in. Set-based
 * statements over the folders the main demo seed has just written.
 */
export async function seedFolderActivityDemo(tx: Tx): Promise<void> {
  const notes = sql.raw(`array[${APPOINTMENT_NOTES.map((note) => `'<p>${note.replace(/'/g, "''")}</p>'`).join(',')}]`);
  await tx.execute(sql`
    update folders set appointment_comment = (${notes})[1 + id % ${APPOINTMENT_NOTES.length}]
    where appointment_at is not null and id % 3 = 0`);

  // Sent to the insurer two days after opening, once the work was under way.
  await tx.execute(sql`
    with sent as (
      update folders f set sent_at = f.created_at + interval '2 days'
      from folder_statuses s
      where s.id = f.status_id and s.code in ('outstanding', 'wait_validation', 'close') and f.insurer is not null
      returning f.id, f.company_id, f.owner_id, f.insurer, f.sent_at)
    insert into folder_history (folder_id, company_id, user_id, kind, field, new_value, created_at)
    select id, company_id, owner_id, 'sent', 'insurer', insurer, sent_at from sent`);

  // The closing answers of closed folders: without insurance, the works were billed to the customer.
  await tx.execute(sql`
    update folders set closing = jsonb_build_object(
      'status', 'close',
      'assured', case when insurer is null then 2 else 1 end,
      'docmqt', 1,
      'franchise', case when insurer is null then 3 else 1 + id % 2 end,
      'ctvalid', 1,
      'primeInvalid', 1,
      'isNbKm', 1,
      'travaux', case when insurer is null then 3 when repair_kind = 'repair' then 2 else 1 end)
    where closed_at is not null`);

  // A signed accident report on one closed folder in six.
  const report = Buffer.from(
    await renderPdf({
      title: 'Constat amiable (copie)',
      author: 'GarageOffice',
      paragraphs: [{ text: 'Copie numérisée du constat amiable remis par le client, signée par les deux parties.' }],
    }),
  );
  const closed = await tx
    .select({
      id: folders.id,
      companyId: folders.companyId,
      number: folders.number,
      ownerId: folders.ownerId,
      createdAt: folders.createdAt,
    })
    .from(folders)
    .where(sql`${folders.closedAt} is not null and ${folders.id} % 6 = 0`);
  for (let start = 0; start < closed.length; start += 200) {
    const saved = await tx
      .insert(folderDocuments)
      .values(
        closed.slice(start, start + 200).map((folder) => ({
          folderId: folder.id,
          companyId: folder.companyId,
          name: 'Constat amiable',
          typeFile: 'Constat',
          fileName: `constat-${folder.number}.pdf`,
          mimeType: 'application/pdf',
          size: report.length,
          uploadedBy: folder.ownerId,
          createdAt: new Date(folder.createdAt.getTime() + 86_400_000),
        })),
      )
      .returning({ id: folderDocuments.id });
    if (saved.length > 0) {
      await tx.insert(folderDocumentContents).values(saved.map(({ id }) => ({ documentId: id, content: report })));
    }
  }
  await tx.execute(sql`
    insert into folder_history (folder_id, company_id, user_id, kind, field, new_value, created_at)
    select folder_id, company_id, uploaded_by, 'document', type_file, name, created_at from ${folderDocuments}`);
}
