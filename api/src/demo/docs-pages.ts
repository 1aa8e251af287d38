/*
 * The demo's verification script for glass claims (Vitrage Express), and a short workshop procedure of the
 * independent Garage du Centre. Each entry: title, HTML content, children.
 */
export interface SeedPage {
  title: string;
  content: string;
  children?: SeedPage[];
}

const p = (...paragraphs: string[]) => paragraphs.map((text) => `<p>${text}</p>`).join('');
const list = (intro: string, items: string[]) =>
  `<p>${intro}</p><ul>${items.map((item) => `<li>${item}</li>`).join('')}</ul>`;

export const FRANCHISE_SCRIPT: SeedPage[] = [
  {
    title: '1. Accueil de l’appel',
    content: p(
      'Chaque appel suit cette trame, dans cet ordre. Restez courtois, reformulez, et notez tout dans le dossier au fil de l’appel.',
    ),
    children: [
      {
        title: '1.1 Se présenter et identifier le client',
        content: p(
          '« Vitrage Express, bonjour, [prénom] à votre écoute. » Demandez le nom, le prénom et le numéro de portable du client ; vérifiez l’orthographe du nom en l’épelant.',
        ),
      },
      {
        title: '1.2 Identifier le véhicule',
        content: p(
          'La plaque et le VIN permettent de commander la bonne pièce. Demandez au client d’avoir sa carte grise sous les yeux.',
        ),
        children: [
          {
            title: '1.2.1 Lire la carte grise',
            content: list('Relevez sur le certificat d’immatriculation :', [
              'A : le numéro d’immatriculation',
              'E : le numéro d’identification du véhicule (VIN, 17 caractères)',
              'D.1 et D.2 : la marque et le type',
              'B : la date de première immatriculation',
            ]),
          },
          {
            title: '1.2.2 Contrôler la plaque au format SIV',
            content: p(
              'Format AB-123-CD depuis 2009. Les anciennes plaques FNI (123 ABC 45) restent valables : saisissez-les telles quelles, la recherche les retrouve.',
            ),
          },
        ],
      },
      {
        title: '1.3 Qualifier le dommage',
        content: p(
          'Faites décrire l’impact : sa taille, sa position, la date du sinistre et les circonstances (gravillon, vandalisme, tempête).',
        ),
        children: [
          {
            title: '1.3.1 Réparation ou remplacement',
            content:
              list('Un impact est réparable quand :', [
                'il est plus petit qu’une pièce de 2 €',
                'il est à plus de 5 cm du bord du pare-brise',
                'il n’est pas dans le champ de vision du conducteur',
              ]) + p('Sinon, le pare-brise est remplacé.'),
          },
          {
            title: '1.3.2 Capteurs et caméra',
            content: p(
              'Demandez si le pare-brise porte un capteur de pluie, un capteur de luminosité ou une caméra (aide au maintien de voie). Une caméra impose un recalibrage après la pose : prévoyez 30 minutes de plus.',
            ),
          },
        ],
      },
    ],
  },
  {
    title: '2. Vérification de la couverture d’assurance',
    content: p(
      'Avant toute prise de rendez-vous, vérifiez que l’assurance prend le sinistre en charge. Sans couverture, annoncez le prix au client avant d’aller plus loin.',
    ),
    children: [
      {
        title: '2.1 Identifier l’assureur et le contrat',
        content: p(
          'Demandez le nom de l’assureur et le numéro de contrat (sur la carte verte ou l’attestation). Attention aux courtiers : l’assureur est celui qui porte le risque, pas l’intermédiaire.',
        ),
      },
      {
        title: '2.2 Vérifier la garantie bris de glace',
        content: p(
          'La garantie bris de glace couvre le pare-brise, les vitres latérales et la lunette arrière ; les optiques et les toits ouvrants seulement si le contrat le précise.',
        ),
        children: [
          {
            title: '2.2.1 Contrats tous risques',
            content: p(
              'Le bris de glace est presque toujours inclus. Vérifiez tout de même sur la plateforme de l’assureur : certaines formules « tous risques » économiques l’excluent.',
            ),
          },
          {
            title: '2.2.2 Contrats au tiers avec option',
            content: p(
              'Au tiers, le bris de glace n’est couvert que si l’option a été souscrite. Sans option, le client paie les travaux : travaux « facturés au client » à la clôture.',
            ),
          },
        ],
      },
      {
        title: '2.3 La franchise',
        content: p(
          'Annoncez toujours la franchise avant le rendez-vous : c’est la première cause de litige à la restitution du véhicule.',
        ),
        children: [
          {
            title: '2.3.1 Franchise fixe ou proportionnelle',
            content: p(
              'Fixe : un montant (souvent 0 à 150 €). Proportionnelle : un pourcentage du montant des travaux, avec un minimum. Notez le montant annoncé dans un commentaire du dossier.',
            ),
          },
          {
            title: '2.3.2 Rachat de franchise',
            content: p(
              'Certains contrats rachètent la franchise en cas de réparation plutôt que de remplacement. Proposez la réparation quand l’impact le permet.',
            ),
          },
        ],
      },
      {
        title: '2.4 Obtenir le numéro de sinistre',
        content: p(
          'Le numéro de sinistre est obligatoire pour la cession de créance et la facturation. Si le client n’a pas déclaré le sinistre, déclarez-le avec lui sur la plateforme de l’assureur ou faites-le rappeler dans la journée (relance).',
        ),
      },
      {
        title: '2.5 Plateformes des assureurs',
        content: list('Les principaux assureurs passent par une plateforme de gestion bris de glace :', [
          'AXA, Allianz, Generali : plateforme du gestionnaire de réseau',
          'MAIF, MACIF, Matmut : déclaration en ligne par l’assuré',
          'Groupama, GMF, MMA, Pacifica : appel du service sinistres',
        ]),
      },
    ],
  },
  {
    title: '3. Documents et photos',
    content: p(
      'Un dossier complet est payé plus vite. Les photos sont ajoutées au dossier depuis la page du dossier ou depuis le téléphone du poseur.',
    ),
    children: [
      {
        title: '3.1 Photos avant travaux',
        content: p('Trois photos au minimum, nettes, à la lumière du jour si possible.'),
        children: [
          {
            title: '3.1.1 Photo de la plaque',
            content: p('La plaque entière et lisible, avec le pare-brise dans le cadre.'),
          },
          {
            title: '3.1.2 Photo de l’impact avec un repère',
            content: p('Posez une pièce de monnaie à côté de l’impact : l’expert juge la taille d’un coup d’œil.'),
          },
        ],
      },
      {
        title: '3.2 Photos après travaux',
        content: p('Le pare-brise posé, le tampon de l’homologation visible, et le kilométrage au compteur.'),
      },
      {
        title: '3.3 Carte grise et attestation',
        content: p(
          'Une copie de la carte grise et de l’attestation d’assurance en cours de validité, ajoutées comme documents du dossier.',
        ),
      },
    ],
  },
  {
    title: '4. Cession de créance',
    content: p(
      'La cession de créance permet au garage d’être payé directement par l’assureur. Sans elle, le client avance les frais.',
    ),
    children: [
      {
        title: '4.1 Expliquer la cession au client',
        content: p(
          '« Vous nous autorisez à nous faire payer directement par votre assurance : vous n’avancez rien, sauf la franchise. »',
        ),
      },
      {
        title: '4.2 Faire signer à l’écran',
        content: p(
          'Depuis la page du dossier, « Faire signer le client » : le client signe du doigt sur la tablette ; la copie signée rejoint les documents du dossier.',
        ),
      },
      {
        title: '4.3 Refus de signature',
        content: p(
          'Le client reste libre : il règle alors la facture et se fait rembourser par son assureur. Notez le refus en commentaire.',
        ),
      },
    ],
  },
  {
    title: '5. Prise de rendez-vous',
    content: p('Proposez deux créneaux, confirmez par SMS, et notez le créneau retenu sur le dossier.'),
    children: [
      {
        title: '5.1 Atelier ou domicile',
        content: p(
          'À domicile, il faut un emplacement plat, abrité de la pluie, et 10 °C au minimum pour la colle. Sinon, proposez l’atelier.',
        ),
      },
      {
        title: '5.2 Délais et immobilisation',
        content: p(
          'Comptez 1 h 30 de pose et 1 h de séchage avant de rouler ; 30 minutes de plus avec une caméra à recalibrer.',
        ),
      },
    ],
  },
  {
    title: '6. Clôture et envoi du dossier',
    content: p('Un dossier se clôture quand les travaux sont faits et les documents complets.'),
    children: [
      {
        title: '6.1 Les sept réponses de clôture',
        content: p(
          'Assuré, documents manquants, franchise, contrôle technique, prime, kilométrage et travaux : les sept réponses sont obligatoires pour clôturer.',
        ),
      },
      {
        title: '6.2 Envoi à l’assureur',
        content: p(
          '« Envoyer à l’assureur » depuis le dossier. Un document ajouté après l’envoi n’est pas transmis : renvoyez le dossier.',
        ),
      },
      {
        title: '6.3 Relances et anomalies',
        content: p(
          'Sans réponse de l’assureur sous 15 jours, faites une relance. Une anomalie (photo floue, sinistre incohérent) se signale depuis le dossier : le responsable est prévenu.',
        ),
      },
    ],
  },
];

export const INDEPENDENT_SCRIPT: SeedPage[] = [
  {
    title: 'Procédure atelier',
    content: p('Procédure interne du Garage du Centre.'),
    children: [
      {
        title: 'Réception du véhicule',
        content: p('Faire le tour du véhicule avec le client et noter les rayures existantes.'),
      },
      { title: 'Essai après réparation', content: p('Un essai routier de 5 km avant chaque restitution.') },
      {
        title: 'Restitution',
        content: p('Expliquer la facture et remettre les pièces remplacées si le client les demande.'),
      },
    ],
  },
];
