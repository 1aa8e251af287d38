import { describe, expect, it } from 'vitest';
import { type DocNode, filterDocsTree } from './docs';

const node = (id: number, title: string, content = '', childreen: DocNode[] = []): DocNode => ({
  id,
  title,
  content,
  childreen,
});
const TREE = [
  node(1, 'Prise en charge', '<p>Accueil du client</p>', [
    node(2, 'Vérifier la garantie bris de glace', '<p>Contrat <strong>AXA</strong> ou MAIF</p>', [
      node(3, 'Franchise', '<p>Montant de la franchise à la charge de l’assuré</p>'),
    ]),
    node(4, 'Photos', '<p>Avant travaux</p>'),
  ]),
  node(5, 'Clôture', '<p>Cession de créance signée</p>'),
];
const ids = (tree: DocNode[]): number[] => tree.flatMap((item) => [item.id, ...ids(item.childreen)]);

describe('filterDocsTree', () => {
  it('shows the whole tree up to 2 characters', () => {
    expect(filterDocsTree(TREE, '')).toBe(TREE);
    expect(filterDocsTree(TREE, 'fr')).toBe(TREE);
    expect(filterDocsTree(TREE, '  ax ')).toBe(TREE);
  });

  it('keeps the pages matching by title or content, and their parents, whatever the case', () => {
    expect(ids(filterDocsTree(TREE, 'FRANCHISE'))).toEqual([1, 2, 3]);
    expect(ids(filterDocsTree(TREE, 'axa'))).toEqual([1, 2]);
    expect(ids(filterDocsTree(TREE, 'créance'))).toEqual([5]);
    expect(ids(filterDocsTree(TREE, 'prise en'))).toEqual([1]);
  });

  it('matches text, not markup, and returns nothing when nothing matches', () => {
    expect(ids(filterDocsTree(TREE, 'strong'))).toEqual([]);
    expect(filterDocsTree(TREE, 'introuvable')).toEqual([]);
  });
});
