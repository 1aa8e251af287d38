import { ARCHIVE_KIND_LABELS, type ArchiveKind } from 'contracts';
import type { ArchiveManifest } from '../ledger/archive-format';

/** `LISEZMOI.txt`: what the archive holds and how anyone checks it, with or without the product (French, CRLF-free). */
export function archiveReadme(manifest: Omit<ArchiveManifest, 'files'>, publicKeyFingerprint: string): string {
  const garage = manifest.garage as { name: string; tradeName: string | null; siret: string | null };
  const { archive, chain } = manifest;
  return `Archive signée du registre des ventes et des encaissements
==========================================================

Garage : ${garage.tradeName || garage.name}${garage.siret ? ` (SIRET ${garage.siret})` : ''}
Archive n° ${archive.id} — ${ARCHIVE_KIND_LABELS[archive.kind as ArchiveKind] ?? archive.kind} du ${archive.periodStart} au ${archive.periodEnd}
Faite le ${archive.createdAt} ; chaîne arrêtée au maillon ${chain.throughSeq} (empreinte ${chain.headHash}).

Contenu
-------
manifest.json             chaque fichier de l'archive avec sa taille et son empreinte SHA-256 ; l'identité du
                          garage, la période, les têtes de la chaîne et du journal des événements.
manifest.sig              la signature Ed25519 de manifest.json (base64), faite avec la clé de l'instance.
public-key.pem            la clé publique de l'instance. Son empreinte SHA-256 (forme DER) :
                          ${publicKeyFingerprint}
                          Comparez-la à celle de la page « Intégrité » du logiciel.
pdf/                      chaque facture et chaque avoir émis dans la période, tel qu'il a été remis (une
                          Factur-X : le PDF porte sa facture électronique).
einvoice/                 la facture électronique de chacun (XML CII EN 16931), celle que porte sa Factur-X.
records/documents.json    ces factures et avoirs tels qu'enregistrés (et ce qui a été émis, vendeur compris).
records/payments.json     les encaissements et annulations enregistrés dans la période.
closings.json             les clôtures (journalières, mensuelles, annuelle) de la période.
events.json               le journal des événements techniques du garage, depuis son premier événement.
chain.json                la chaîne du garage depuis son premier maillon :
                          hash = SHA-256(hash précédent || JSON canonique du maillon).

Vérifier
--------
1. Avec le logiciel, depuis son dossier :
     pnpm verify-archive CHEMIN/DE/L-ARCHIVE.zip
   Il affiche « Archive valide », ou chaque problème trouvé (signature, fichier modifié, manquant ou en trop,
   chaîne ou journal rompu) et se termine en erreur. Option : --public-key FICHIER.pem pour exiger la clé de
   l'instance plutôt que celle jointe à l'archive.

2. Sans le logiciel (OpenSSL 3 et sha256sum), dans le dossier où l'archive est décompressée :
     openssl pkey -pubin -in public-key.pem -outform DER | sha256sum
       -> l'empreinte de la clé, à comparer à celle ci-dessus et à la page « Intégrité » ;
     openssl base64 -d -in manifest.sig -out manifest.sig.bin
     openssl pkeyutl -verify -pubin -inkey public-key.pem -rawin -in manifest.json -sigfile manifest.sig.bin
       -> « Signature Verified Successfully » ;
     sha256sum LISEZMOI.txt public-key.pem chain.json events.json closings.json records/*.json pdf/* einvoice/*
       -> chaque empreinte doit être celle que manifest.json donne pour ce fichier.

Conservation : ces enregistrements et cette archive se gardent dix ans (C. com. art. L123-22 ; LPF art. L102 B).
Le logiciel ne supprime ni ne modifie aucune archive.
`;
}
