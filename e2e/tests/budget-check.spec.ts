import { expect, test } from '@playwright/test';
import { type Budgets, checkBudget, type PageMeasure } from '../budget/check-budget.mjs';

// The budget check itself, without a browser: it must fail a page that goes over, on every count.
const budgets: Budgets = {
  remoteEntryMaxKB: 10,
  maxCopies: { react: 1, 'react-dom': 1, antd: 1 },
  pages: [
    {
      path: '/produits',
      maxJsKB: 450,
      maxJsRequests: 20,
      maxApiCalls: 3,
      remotes: ['mf_catalog', 'mf_notifications'],
    },
  ],
};
const page = budgets.pages[0] as Budgets['pages'][number];
const within: PageMeasure = {
  path: '/produits',
  jsBytes: 450 * 1024,
  jsRequests: 20,
  remotes: ['mf_catalog', 'mf_notifications'],
  copies: { react: 1, 'react-dom': 1, antd: 1 },
  remoteEntries: [{ remote: 'mf_catalog', bytes: 10 * 1024 }],
  apiCalls: ['GET /api/config', 'GET /api/product/list?page=1', 'GET /api/product/list?page=2'],
};

test('une page dans son budget passe', () => {
  expect(checkBudget(within, page, budgets)).toEqual([]);
});

test('une page qui dépasse son budget échoue, pour chaque raison', () => {
  const over: PageMeasure = {
    ...within,
    jsBytes: 450 * 1024 + 1,
    jsRequests: 21,
    remotes: [...within.remotes, 'mf_billing'],
    copies: { react: 1, 'react-dom': 1, antd: 2 },
    remoteEntries: [{ remote: 'mf_catalog', bytes: 11 * 1024 }],
    apiCalls: ['GET /api/config', 'GET /api/product/list?page=1', 'GET /api/config', 'GET /api/config'],
  };
  expect(checkBudget(over, page, budgets)).toEqual([
    '/produits : 450,1 Ko de JS pour un budget de 450 Ko',
    '/produits : 21 requêtes JS pour un budget de 20',
    '/produits : 4 appels à l’API pour un budget de 3',
    '/produits : GET /api/config appelé 3 fois',
    '/produits : remotes chargés en trop (mf_billing)',
    '/produits : remoteEntry.js de mf_catalog pèse 11 Ko (budget 10 Ko)',
    '/produits : 2 copies de antd (au plus 1)',
  ]);
});
