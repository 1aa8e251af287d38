import { DEMO_COMPANIES } from 'contracts';

/** What the invoices print about each demo seller ("Ma société" fills them in the application): the demo garages' addresses, legal forms and RCS registries (the greffe of their city, Bordeaux for Mérignac). */
export const SELLERS: Record<
  string,
  { address: string; postalCode: string; city: string; legalForm: string; registryPlace: string }
> = {
  [DEMO_COMPANIES.franchisor]: {
    address: '18 quai Perrache',
    postalCode: '69002',
    city: 'Lyon',
    legalForm: 'SAS',
    registryPlace: 'Lyon',
  },
  [DEMO_COMPANIES.lyon]: {
    address: '42 avenue Jean Jaurès',
    postalCode: '69007',
    city: 'Lyon',
    legalForm: 'SAS',
    registryPlace: 'Lyon',
  },
  [DEMO_COMPANIES.paris]: {
    address: '215 rue de Vaugirard',
    postalCode: '75015',
    city: 'Paris',
    legalForm: 'SAS',
    registryPlace: 'Paris',
  },
  [DEMO_COMPANIES.marseille]: {
    address: '88 avenue du Prado',
    postalCode: '13008',
    city: 'Marseille',
    legalForm: 'SARL',
    registryPlace: 'Marseille',
  },
  [DEMO_COMPANIES.bordeaux]: {
    address: '5 avenue de la Marne',
    postalCode: '33700',
    city: 'Mérignac',
    legalForm: 'SARL',
    registryPlace: 'Bordeaux',
  },
  [DEMO_COMPANIES.centre]: {
    address: '3 place du Ralliement',
    postalCode: '49100',
    city: 'Angers',
    legalForm: 'SARL',
    registryPlace: 'Angers',
  },
  [DEMO_COMPANIES.martin]: {
    address: '71 rue Nationale',
    postalCode: '59000',
    city: 'Lille',
    legalForm: 'EURL',
    registryPlace: 'Lille Métropole',
  },
};
