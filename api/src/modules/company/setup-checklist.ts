import {
  isValidIban,
  missingSellerMentions,
  SENDER_SOURCE_LABELS,
  SETUP_ITEM_KEYS,
  SETUP_ITEMS,
  type SenderSource,
  type SetupChecklist,
  type SetupItem,
  type SetupItemKey,
  vatFilingLabel,
} from 'contracts';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { companies, companyLogos, insurers, memberships, messageTemplates, sendingSettings } from '../../db/schema';
import { visibleInsurers } from '../insurers/repository';

/*
 * « Mise en route » of one garage: each item read from what the garage has saved, the legal identity with the very
 * function that gates an issue (missingSellerMentions), so the page and the refusal say the same thing.
 */

type Company = typeof companies.$inferSelect;
type Facts = {
  logo: boolean;
  insurers: number;
  users: number;
  fitters: number;
  templates: number;
  /** The approved platform set for the garage itself, for its network, or none. */
  platform: 'garage' | 'network' | 'none';
};
type Senders = { mail: SenderSource; sms: SenderSource };

const euros = (value: number) => `${value.toFixed(2).replace('.', ',')} €`;

/** Each item's state and what it says, from the garage's row and counts. */
const ITEM_CHECKS: Record<SetupItemKey, (company: Company, facts: Facts, senders: Senders) => [boolean, string]> = {
  identity: (company) => {
    const missing = missingSellerMentions({ ...company, vatNumber: company.tvaNumber });
    return missing.length === 0
      ? [
          true,
          'Raison sociale, adresse, SIRET, forme juridique, immatriculation et TVA : les factures peuvent être émises',
        ]
      : [false, `Manque : ${missing.join(', ')}. Les factures ne peuvent pas être émises avant.`];
  },
  bank: (company) =>
    company.iban && isValidIban(company.iban)
      ? [true, 'IBAN renseigné : il s’imprime sur les factures à régler par virement']
      : [false, 'Aucun IBAN valide : les factures ne disent pas où virer'],
  vat: (company) =>
    company.tvaNumber || company.vatExemption
      ? [
          true,
          `${vatFilingLabel(company.vatFiling)} — ${
            company.vatExemption
              ? 'pas de TVA facturée'
              : company.vatOnDebits
                ? 'TVA sur les débits (option exercée)'
                : 'TVA sur les encaissements pour la main-d’œuvre (pas d’option sur les débits)'
          }`,
        ]
      : [false, 'Ni n° de TVA ni mention d’exonération'],
  rates: (company) =>
    company.hourlyRate
      ? [true, `Taux horaire ${euros(company.hourlyRate)} HT, TVA par défaut ${company.defaultTaxRate} %`]
      : [false, 'Aucun taux horaire : la main-d’œuvre des devis part à 0 €'],
  logo: (_, facts) =>
    facts.logo ? [true, 'Logo enregistré'] : [false, 'Aucun logo : les documents portent le nom seul'],
  insurers: (_, facts) =>
    facts.insurers > 0
      ? [true, `${facts.insurers} assureur${facts.insurers > 1 ? 's' : ''} dans l’annuaire`]
      : [false, 'Aucun assureur : les dossiers de sinistre n’ont pas de payeur'],
  team: (_, facts) =>
    facts.users > 1 && facts.fitters > 0
      ? [true, `${facts.users} utilisateurs, dont ${facts.fitters} poseur${facts.fitters > 1 ? 's' : ''}`]
      : [false, `${facts.users} utilisateur${facts.users > 1 ? 's' : ''}, ${facts.fitters} poseur : invitez l’équipe`],
  templates: (_, facts) =>
    facts.templates > 0
      ? [true, `${facts.templates} modèle${facts.templates > 1 ? 's' : ''} de message`]
      : [false, 'Aucun modèle : chaque e-mail et SMS s’écrit à la main'],
  mail: (_, __, senders) =>
    senders.mail !== 'none'
      ? [true, `Serveur d’envoi configuré (${SENDER_SOURCE_LABELS[senders.mail].toLowerCase()}) : les e-mails partent`]
      : [false, 'Aucun serveur d’envoi : les e-mails attendent dans la file d’envoi'],
  einvoicing: (_, facts) =>
    facts.platform !== 'none'
      ? [
          true,
          `Plateforme agréée configurée (${facts.platform === 'garage' ? 'réglage du garage' : 'réglage du réseau'}) : les factures fournisseurs arrivent en dépenses`,
        ]
      : [
          false,
          'Aucune plateforme agréée : les factures fournisseurs électroniques ne sont pas reçues (obligatoire depuis le 1er septembre 2026)',
        ],
  sms: (_, __, senders) =>
    senders.sms !== 'none'
      ? [true, `Fournisseur de SMS configuré (${SENDER_SOURCE_LABELS[senders.sms].toLowerCase()}) : les SMS partent`]
      : [false, 'Aucun fournisseur de SMS : les SMS attendent dans la file d’envoi'],
};

/** The counts the items read. */
async function factsOf(db: Database, companyId: number, franchiseId: number | null): Promise<Facts> {
  const [logo] = await db.select({ n: count() }).from(companyLogos).where(eq(companyLogos.companyId, companyId));
  const [entries] = await db
    .select({ n: count() })
    .from(insurers)
    .where(visibleInsurers([companyId]));
  const [team] = await db
    .select({
      users: count(),
      fitters: sql<number>`count(*) filter (where 'ROLE_POSEUR' = any(${memberships.roles}))::int`,
    })
    .from(memberships)
    .where(and(eq(memberships.companyId, companyId), eq(memberships.active, true)));
  const network = franchiseId
    ? sql`or (${messageTemplates.shared} and ${messageTemplates.companyId} in (select ${companies.id} from ${companies} where ${companies.franchiseId} = ${franchiseId}))`
    : sql``;
  const [templates] = await db
    .select({ n: count() })
    .from(messageTemplates)
    .where(sql`(${messageTemplates.companyId} = ${companyId} ${network})`);
  const platforms = await db
    .select({ companyId: sendingSettings.companyId })
    .from(sendingSettings)
    .where(
      and(
        eq(sendingSettings.channel, 'platform'),
        franchiseId
          ? sql`(${sendingSettings.companyId} = ${companyId} or ${sendingSettings.franchiseId} = ${franchiseId})`
          : eq(sendingSettings.companyId, companyId),
      ),
    );
  return {
    platform: platforms.some((row) => row.companyId === companyId)
      ? 'garage'
      : platforms.length > 0
        ? 'network'
        : 'none',
    logo: (logo?.n ?? 0) > 0,
    insurers: entries?.n ?? 0,
    users: team?.users ?? 0,
    fitters: team?.fitters ?? 0,
    templates: templates?.n ?? 0,
  };
}

/** The checklist of one garage (its row must exist: the caller checked it is in scope). */
export async function setupChecklist(db: Database, companyId: number, senders: Senders): Promise<SetupChecklist> {
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId));
  if (!company) throw new Error(`company ${companyId} vanished`);
  const facts = await factsOf(db, companyId, company.franchiseId);
  const items = SETUP_ITEM_KEYS.map((key): SetupItem => {
    const [done, detail] = ITEM_CHECKS[key](company, facts, senders);
    return { key, done, detail };
  });
  const ready = items.every((item) => item.done || !SETUP_ITEMS[item.key].required);
  return { companyId, items, ready };
}
