import {
  CONTACT_FIELDS,
  deductiblePercentLabel,
  type FOLDER_FIELD_LABELS,
  FOLDER_NOT_FOUND_MESSAGE,
  type folderUpdateBodySchema,
  formatEurosText,
  normalizePlate,
} from 'contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db';
import { folderHistory, folders, knownBy, technicians } from '../../db/schema';
import { notFound } from '../../lib/domain-error';
import { checkReferences } from './create';
import type { FolderScope } from './repository';

type Body = z.output<typeof folderUpdateBodySchema>;
type Field = keyof typeof FOLDER_FIELD_LABELS;
const isContact = (field: string) => (CONTACT_FIELDS as readonly string[]).includes(field);

/**
 * Saves a folder's fields and writes one history row per field that changed (old and new values; for the
 * customer's contact details, only that they changed). Contact details left empty keep their stored value.
 */
export async function updateFolder(db: Database, scope: FolderScope, id: number, body: Body) {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(folders)
      .where(and(eq(folders.id, id), inArray(folders.companyId, scope.companyIds)))
      .for('update')
      .limit(1);
    if (!current) throw notFound(FOLDER_NOT_FOUND_MESSAGE);
    const references = await checkReferences(tx, current.companyId, body);

    const next = {
      civility: body.civility ?? null,
      firstName: body.firstName ?? '',
      lastName: body.lastName,
      phone: body.phone === undefined ? current.phone : body.phone.replace(/[\s.]/g, ''),
      email: body.email ?? current.email,
      address: body.address ?? current.address,
      postalCode: body.postalCode ?? current.postalCode,
      city: body.city ?? null,
      plate: normalizePlate(body.plate),
      brand: body.brand ?? null,
      model: body.model ?? null,
      vin: body.vin?.toUpperCase() ?? null,
      mileage: body.mileage ?? null,
      // The entry's name is what the folder shows and its history says; the id follows it silently.
      insurer: references.insurer,
      insurerId: body.insurerId ?? null,
      policyNumber: body.policyNumber ?? null,
      claimNumber: body.claimNumber ?? null,
      deductibleAmount: body.deductibleAmount ?? null,
      deductiblePercent: body.deductiblePercent ?? null,
      deductibleMinimum: body.deductibleMinimum ?? null,
      glass: body.glass ?? null,
      repairKind: body.repairKind ?? null,
      knownById: body.knownById ?? null,
      technicianId: body.technicianId ?? null,
    };
    // Known-by entries and technicians are written to the history by name.
    const [known, crew] = await Promise.all([
      tx.select({ id: knownBy.id, label: knownBy.label }).from(knownBy).where(eq(knownBy.companyId, current.companyId)),
      tx
        .select({ id: technicians.id, name: technicians.name })
        .from(technicians)
        .where(eq(technicians.companyId, current.companyId)),
    ]);
    const shown = (field: Field, value: unknown): string | null => {
      if (value === null || value === undefined || value === '') return null;
      if (field === 'knownById') return known.find((row) => row.id === value)?.label ?? String(value);
      if (field === 'technicianId') return crew.find((row) => row.id === value)?.name ?? String(value);
      if (field === 'deductibleAmount' || field === 'deductibleMinimum') return formatEurosText(Number(value));
      if (field === 'deductiblePercent') return deductiblePercentLabel(Number(value));
      return String(value);
    };
    const changes = (Object.keys(next) as Field[])
      .filter((field) => field !== 'insurerId')
      .filter((field) => (current[field as keyof typeof current] ?? '') !== (next[field as keyof typeof next] ?? ''))
      .map((field) => ({
        folderId: id,
        companyId: current.companyId,
        userId: scope.userId,
        kind: 'change',
        field,
        oldValue: isContact(field) ? null : shown(field, current[field as keyof typeof current]),
        newValue: isContact(field) ? null : shown(field, next[field as keyof typeof next]),
      }));
    if (changes.length === 0 && current.insurerId === next.insurerId) return { outcome: 'unchanged' as const };
    await tx
      .update(folders)
      .set({ ...next, updatedAt: new Date() })
      .where(eq(folders.id, id));
    await tx.insert(folderHistory).values(changes);
    return { outcome: 'updated' as const, changed: changes.length };
  });
}
