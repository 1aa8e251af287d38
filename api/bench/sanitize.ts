/**
 * `pnpm bench:sanitize`: the server's HTML sanitizer (sanitize-html, on the htmlparser2 parser) beside the one it
 * replaced (DOMPurify on a jsdom window), over the browser tests' script payloads and the HTML the product really
 * stores (the editor's formatting, a notification menu). For each: the time to load it (import and set-up, paid
 * once per process), the time per sanitize (mean and p95 over every input, after a warm-up), how many outputs are
 * safe once a browser's parser reads them, and how many a second pass leaves unchanged. Printed, never asserted:
 * the test command asserts safety (test/security/sanitize.test.ts).
 */
import { performance } from 'node:perf_hooks';
import { XSS_PAYLOADS } from '../../e2e/tests/xss-payloads';
import { percentile } from './harness';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);

const STORED = [
  '<p><strong>Pare-brise</strong> <em>posé</em> <u>hier</u>, client prévenu.</p><ol><li data-list="bullet">Joint</li></ol>',
  '<p>Rendez-vous confirmé <a href="https://garage.example.fr/rdv" rel="noopener noreferrer">ici</a></p>',
  'ALERTE A TRAITER<br>Dossier AB-123-CD<br>Rappeler le client avant 17 h',
  '<div class="notification-menu"><p class="notification-menu__count">7 notification(s) non lue(s)</p><ul>' +
    '<li class="notification-menu__item" data-id="2"><a href="/notifications/2"><strong>Relance</strong><br>' +
    '<span>Dossier AB-123-CD</span></a></li></ul></div>',
  `<h2>Accueil téléphonique</h2>${'<p>Demandez la plaque, l’assureur et le numéro de sinistre.</p>'.repeat(20)}`,
];
const CORPUS = [...XSS_PAYLOADS, ...STORED];

type Sanitize = (html: string) => string;

async function loadSanitizeHtml(): Promise<Sanitize> {
  return (await import('../src/lib/sanitize')).sanitizeHtml;
}

/** The previous server sanitizer, configured as it was. */
async function loadDomPurify(): Promise<Sanitize> {
  const [{ default: createDOMPurify }, { JSDOM }] = await Promise.all([import('dompurify'), import('jsdom')]);
  const purify = createDOMPurify(new JSDOM('').window as unknown as Parameters<typeof createDOMPurify>[0]);
  return (html) => purify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'input'] });
}

async function measure(name: string, loadMs: number, sanitize: Sanitize): Promise<void> {
  for (let round = 0; round < 20; round++) for (const html of CORPUS) sanitize(html);
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const html of CORPUS) {
      const start = performance.now();
      sanitize(html);
      times.push((performance.now() - start) * 1000);
    }
  }
  times.sort((a, b) => a - b);
  const mean = times.reduce((sum, t) => sum + t, 0) / times.length;
  const outputs = CORPUS.map(sanitize);
  const { unsafeParts } = await import('../test/security/html-safety');
  const unsafe = outputs.filter((html) => unsafeParts(html).length > 0);
  const stable = outputs.filter((html) => sanitize(html) === html).length;
  console.log(
    `${name.padEnd(22)} load ${loadMs.toFixed(0).padStart(4)} ms   per sanitize: mean ${mean.toFixed(1).padStart(5)} µs, ` +
      `p95 ${percentile(times, 95).toFixed(1).padStart(5)} µs   safe ${CORPUS.length - unsafe.length}/${CORPUS.length}   ` +
      `unchanged by a second pass ${stable}/${CORPUS.length}`,
  );
  for (const html of unsafe) console.log(`  left something that can run: ${html}`);
}

async function timed(load: () => Promise<Sanitize>): Promise<[number, Sanitize]> {
  const start = performance.now();
  const sanitize = await load();
  sanitize('<p>x</p>');
  return [performance.now() - start, sanitize];
}

console.log(
  `${CORPUS.length} inputs (${XSS_PAYLOADS.length} script payloads, ${STORED.length} stored HTML) x ${ROUNDS}`,
);
// Both loaded before anything else imports jsdom (the safety check does), so each load time is its own.
const current = await timed(loadSanitizeHtml);
const previous = await timed(loadDomPurify);
await measure('sanitize-html (API)', ...current);
await measure('DOMPurify + jsdom', ...previous);
