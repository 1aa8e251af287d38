import { z } from 'zod';

/*
 * "Trame des agents verifs": the verification script of a network (a franchise, or an independent garage),
 * a tree of pages read in a protected viewer, edited by super admins and franchisors with every version kept.
 */

export const DOCS_TITLE = 'Trame des agents verifs';
export const DOCS_TOC_TITLE = 'Table des matières';
export const DOCS_SEARCH_PLACEHOLDER = 'Rechercher...';
export const DOCS_PLACEHOLDER = 'Sélectionnez une page dans le sommaire à gauche.';
/** Search starts above 2 characters; with 2 or fewer the whole tree shows (docs/product.md). */
export const DOCS_SEARCH_MIN_CHARS = 3;
export const PRINT_BLOCKED_MESSAGE = 'Printing is disabled for this page.';
export const SCREENSHOT_BLOCKED_MESSAGE = 'Screenshots are not allowed.';
/** How long the page stays blurred after a screenshot key. */
export const SCREENSHOT_BLUR_MS = 1000;
export const DOC_PAGE_NOT_FOUND = 'Page introuvable';
export const DOCS_PICK_GARAGE = 'Sélectionnez un garage en haut à gauche pour ajouter une page';
export const DOC_PARENT_INVALID =
  'Cette page ne peut pas être rangée sous elle-même ni sous une page d’un autre réseau';

/** A node of the tree (docs/product.md: id, title, content, childreen). */
export interface DocNode {
  id: number;
  title: string;
  content: string;
  childreen: DocNode[];
}
export const docNodeSchema: z.ZodType<DocNode> = z.lazy(() =>
  z.object({ id: z.number().int(), title: z.string(), content: z.string(), childreen: z.array(docNodeSchema) }),
);
export const docsTreeSchema = z.array(docNodeSchema);

export const docPageSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  parentId: z.number().int().nullable(),
  position: z.number().int(),
  version: z.number().int(),
  updatedBy: z.string(),
  updatedAt: z.string(),
});
export type DocPage = z.infer<typeof docPageSchema>;

/** Create or edit a page: every save is a new version. */
export const docPageBodySchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, { message: 'Le titre est obligatoire' })
    .max(120, { message: 'Le titre ne doit pas dépasser 120 caractères' }),
  content: z.string().max(200_000, { message: 'Le contenu est trop long (200 000 caractères au plus)' }),
  parentId: z.number().int().min(1).nullable().default(null),
  position: z.number().int().min(0).max(10_000).default(0),
});
export type DocPageBody = z.input<typeof docPageBodySchema>;

export const docVersionSchema = z.object({
  version: z.number().int(),
  title: z.string(),
  editedBy: z.string(),
  editedAt: z.string(),
});
export type DocVersion = z.infer<typeof docVersionSchema>;
export const docVersionListSchema = z.array(docVersionSchema);

export const docPageParamsSchema = z.object({
  id: z.coerce.number({ message: 'Identifiant de page invalide' }).int().min(1),
});
export const docVersionParamsSchema = docPageParamsSchema.extend({
  version: z.coerce.number({ message: 'Numéro de version invalide' }).int().min(1),
});

/** Text of an HTML fragment, for searching (tags dropped, entities of the editor decoded). */
export const docText = (html: string): string =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&quot;/g, '"');

/**
 * The tree the search leaves (docs/product.md): with more than 2 characters, the pages whose title or content
 * contains the text (case-insensitive) and their parents; otherwise the whole tree.
 */
export function filterDocsTree(tree: DocNode[], query: string): DocNode[] {
  const needle = query.trim().toLocaleLowerCase('fr');
  if (needle.length < DOCS_SEARCH_MIN_CHARS) return tree;
  const keep = (node: DocNode): DocNode | undefined => {
    const childreen = node.childreen.map(keep).filter((child): child is DocNode => child !== undefined);
    const matches =
      node.title.toLocaleLowerCase('fr').includes(needle) ||
      docText(node.content).toLocaleLowerCase('fr').includes(needle);
    return matches || childreen.length > 0 ? { ...node, childreen } : undefined;
  };
  return tree.map(keep).filter((node): node is DocNode => node !== undefined);
}
