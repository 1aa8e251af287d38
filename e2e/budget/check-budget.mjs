// @ts-check
// The budget rule, apart from the browser: a page's measurement against its budget, as French sentences.
// Bytes, request counts, remotes and copies only: times are printed, never asserted (this machine is noisy).

/**
 * @typedef {{ path: string, signedIn?: boolean, maxJsKB: number, maxJsRequests: number, maxApiCalls?: number, remotes: string[], ready?: string }} PageBudget
 * @typedef {{ remoteEntryMaxKB: number, maxCopies: Record<string, number>, pages: PageBudget[] }} Budgets
 * @typedef {{ path: string, jsBytes: number, jsRequests: number, remotes: string[], copies: Record<string, number>,
 *   remoteEntries: { remote: string, bytes: number }[], apiCalls: string[], fcpMs?: number, readyMs?: number,
 *   warmReadyMs?: number, jsDecodedBytes?: number }} PageMeasure
 */

const KB_FORMAT = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });
/** Kilobytes rounded up to a tenth: a page one byte over its budget never reads as equal to it. */
const kB = (/** @type {number} */ bytes) => KB_FORMAT.format(Math.ceil(bytes / 102.4) / 10);

/**
 * @param {PageMeasure} measure
 * @param {PageBudget} page
 * @param {Budgets} budgets
 * @returns {string[]} what is over budget (empty: within)
 */
export function checkBudget(measure, page, budgets) {
  const problems = [];
  if (measure.jsBytes > page.maxJsKB * 1024) {
    problems.push(`${page.path} : ${kB(measure.jsBytes)} Ko de JS pour un budget de ${page.maxJsKB} Ko`);
  }
  if (measure.jsRequests > page.maxJsRequests) {
    problems.push(`${page.path} : ${measure.jsRequests} requêtes JS pour un budget de ${page.maxJsRequests}`);
  }
  if (page.maxApiCalls !== undefined && measure.apiCalls.length > page.maxApiCalls) {
    problems.push(`${page.path} : ${measure.apiCalls.length} appels à l’API pour un budget de ${page.maxApiCalls}`);
  }
  // One page load asks each thing once: a second identical call is a cache or an effect that missed.
  const seen = new Map();
  for (const call of measure.apiCalls) seen.set(call, (seen.get(call) ?? 0) + 1);
  for (const [call, times] of seen) {
    if (times > 1) problems.push(`${page.path} : ${call} appelé ${times} fois`);
  }
  const extra = measure.remotes.filter((remote) => !page.remotes.includes(remote));
  if (extra.length > 0) problems.push(`${page.path} : remotes chargés en trop (${extra.join(', ')})`);
  for (const entry of measure.remoteEntries) {
    if (entry.bytes > budgets.remoteEntryMaxKB * 1024) {
      problems.push(
        `${page.path} : remoteEntry.js de ${entry.remote} pèse ${kB(entry.bytes)} Ko (budget ${budgets.remoteEntryMaxKB} Ko)`,
      );
    }
  }
  for (const [library, max] of Object.entries(budgets.maxCopies)) {
    const copies = measure.copies[library] ?? 0;
    if (copies > max) problems.push(`${page.path} : ${copies} copies de ${library} (au plus ${max})`);
  }
  return problems;
}
