import { type SQL, sql } from 'drizzle-orm';
import { escapeLike } from './like';

/*
 * The one search of the lists and the top bar: what the user typed is cut into words; every word must be
 * found (in any order) in one of the searched columns, as typed or as letters and digits only (a plate typed
 * "GF-542-DH" or "gf542dh", a phone "06 78 12 34 56"). Accents and case are folded on both sides by the database's
 * `search_fold` (migration 0036), so « lefevre » finds « Lefèvre ». Columns are folded texts with a trigram index.
 */

const MAX_WORDS = 8;

/** The `like` patterns of one word: as typed and compact (letters and digits only). */
function wordPatterns(word: string): string[] {
  const compact = word.replace(/[^\p{L}\p{N}]/gu, '');
  return [...new Set([word, compact].filter((value) => value.length > 0))].map((value) => `%${escapeLike(value)}%`);
}

/** A French phone typed in pairs (« 06 78 12 34 56 », « +33 6 78 12 34 56 »): one word, not five pairs of digits. */
const SPACED_PHONE = /(?:\+\d{2}[\s.-]?\d|\b\d{2})(?:[\s.-]\d{2}){3,}\b/g;

/**
 * The words of a search (at most 8: a pasted paragraph does not make a query of a hundred clauses). A phone typed
 * in pairs is one word: its pairs alone would each be found in any folder's numbers and dates.
 */
export function searchWords(term: string): string[] {
  return term
    .replace(SPACED_PHONE, (phone) => phone.replace(/[\s.-]/g, ''))
    .trim()
    .split(/[\s,;]+/)
    .filter((word) => word.length > 0)
    .slice(0, MAX_WORDS);
}

/** Every word of `term` in one of `columns` (folded texts); undefined when nothing was typed. */
export function matchesAllWords(term: string | undefined, columns: SQL[]): SQL | undefined {
  const words = searchWords(term ?? '');
  if (words.length === 0 || columns.length === 0) return undefined;
  const clauses = words.map((word) => {
    const alternatives = wordPatterns(word).flatMap((pattern) =>
      columns.map((column) => sql`${column} like search_fold(${pattern})`),
    );
    return sql`(${sql.join(alternatives, sql` or `)})`;
  });
  return sql`(${sql.join(clauses, sql` and `)})`;
}
