import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SaxonJS from 'saxon-js';

/*
 * The official French e-invoicing rules, run on our XML as a platform runs them: the schema (XSD, with Debian's
 * xmllint, which `pnpm test` installs), then the Schematron rules compiled to XSLT 2 (EN 16931, then the French
 * BR-FR set) with SaxonJS (npm `xslt3` compiles each stylesheet once, `saxon-js` runs it in the test's process).
 * The artefacts are FNFE-MPE's France_RFE, read where the machine keeps them (../shared beside the repository);
 * nothing of them is copied here.
 */

const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
const CANDIDATES = [
  process.env.EINVOICING_ARTEFACTS,
  path.join(REPO_ROOT, '..', 'shared', 'einvoicing', 'france-rfe'),
  '/work/shared/einvoicing/france-rfe',
].filter((dir): dir is string => Boolean(dir));

/** The France_RFE folder: a missing one fails the tests with where it was looked for. */
export function artefacts(): string {
  const found = CANDIDATES.find((dir) => existsSync(path.join(dir, 'FNFE_RFE_INVOICE')));
  if (!found) throw new Error(`France_RFE introuvable (cherché dans ${CANDIDATES.join(', ')})`);
  return path.join(found, 'FNFE_RFE_INVOICE');
}

export const RULES = {
  facturX: {
    xsd: 'Factur-X/EN16931/1xsd/Factur-X_EN16931.xsd',
    schematrons: [
      'Factur-X/EN16931/2xslt/FACTUR-X_EN16931.xslt',
      'Factur-X/EN16931/2xslt/BR-FR-Flux2-Schematron-CII.xslt',
    ],
  },
  cii: {
    xsd: 'CII/1xsd-CII_D22B_uncoupled/CrossIndustryInvoice_100pD22B.xsd',
    schematrons: ['CII/EN16931/2xslt/EN16931-CII-validation.xslt', 'CII/EN16931/2xslt/BR-FR-Flux2-Schematron-CII.xslt'],
  },
  ubl: {
    // An Invoice or a CreditNote, each its own schema.
    xsd: (xml: string) =>
      /<CreditNote\b/.test(xml)
        ? 'UBL/1xsd_UBL2.1/maindoc/UBL-CreditNote-2.1.xsd'
        : 'UBL/1xsd_UBL2.1/maindoc/UBL-Invoice-2.1.xsd',
    schematrons: ['UBL/EN16931/2xslt/EN16931-UBL-validation.xslt', 'UBL/EN16931/2xslt/BR-FR-Flux2-Schematron-UBL.xslt'],
  },
  cdar: {
    // The lifecycle message (CDAR): its schema, then the French rules in their fatal set (BR-FR-CDV).
    xsd: 'CDAR/1xsd-CDAR_D22B_uncoupled/CrossDomainAcknowledgementAndResponse_100pD22B.xsd',
    schematrons: ['CDAR/2xslt/BR-FR-CDV-Schematron-CDAR.xslt'],
  },
} satisfies Record<string, { xsd: string | ((xml: string) => string); schematrons: string[] }>;
export type RuleSet = keyof typeof RULES;

/** One failed rule: its identifier (BR-FR-11_BT-47, BR-CO-10…) and what it says. */
export interface Failure {
  rule: string;
  text: string;
}

/** What the rules say of each file, by name: schema errors and fatal assertions, empty when it passes. */
export type Report = Record<string, { schema: string[]; fatal: Failure[] }>;

function schemaErrors(dir: string, files: string[], xsd: string): Record<string, string[]> {
  const result = spawnSync('xmllint', ['--noout', '--schema', xsd, ...files.map((file) => path.join(dir, file))], {
    encoding: 'utf8',
  });
  if (result.error) throw result.error;
  const errors: Record<string, string[]> = Object.fromEntries(files.map((file) => [file, []]));
  for (const line of result.stderr.split('\n')) {
    const file = files.find((name) => line.startsWith(`${path.join(dir, name)}:`));
    if (file) errors[file]?.push(line.slice(dir.length + 1));
  }
  return errors;
}

/** Failed assertions of flag « fatal » in an SVRL report (the CEN rules say « fatal » too). */
function fatalFailures(svrl: string): Failure[] {
  const failures: Failure[] = [];
  for (const match of svrl.matchAll(/<svrl:failed-assert\b([^>]*)>([\s\S]*?)<\/svrl:failed-assert>/g)) {
    const attributes = match[1] ?? '';
    const flag = /\bflag="([^"]*)"/.exec(attributes)?.[1] ?? 'fatal';
    if (flag !== 'fatal') continue;
    const text = (/<svrl:text>([\s\S]*?)<\/svrl:text>/.exec(match[2] ?? '')?.[1] ?? '').replace(/\s+/g, ' ').trim();
    // Factur-X numbers its assertions (FX-SCH-A-000226) and names the EN 16931 rule in the text: « [BR-CO-10]-… ».
    const rule = /^\[([A-Z0-9-]+)\]/.exec(text)?.[1] ?? /\bid="([^"]*)"/.exec(attributes)?.[1] ?? '?';
    failures.push({ rule, text });
  }
  return failures;
}

const XSLT3 = createRequire(import.meta.url).resolve('xslt3/xslt3.js');

/**
 * The stylesheet compiled for SaxonJS (SEF), kept in the machine's temporary folder under the hash of its content:
 * compiling one takes seconds, so the test files and both database runs of `pnpm test` share it. Written under
 * a temporary name then renamed, so two test files compiling it at once never read half a file.
 */
function compiled(xslt: string): string {
  const hash = createHash('sha256').update(readFileSync(xslt)).digest('hex').slice(0, 16);
  const sef = path.join(tmpdir(), `schematron-${path.basename(xslt, '.xslt')}-${hash}.sef.json`);
  if (existsSync(sef)) return sef;
  const partial = `${sef}.${process.pid}.part`;
  execFileSync(process.execPath, [XSLT3, `-xsl:${xslt}`, `-export:${partial}`, '-nogo'], { stdio: 'ignore' });
  renameSync(partial, sef);
  return sef;
}

/** Runs one Schematron XSLT over every document, fatal failures by document name. */
function schematron(documents: Record<string, string>, xslt: string): Record<string, Failure[]> {
  const stylesheetFileName = compiled(xslt);
  return Object.fromEntries(
    Object.entries(documents).map(([name, xml]) => {
      const { principalResult } = SaxonJS.transform(
        { stylesheetFileName, sourceText: xml, destination: 'serialized' },
        'sync',
      );
      return [`${name}.xml`, fatalFailures(principalResult)];
    }),
  );
}

/** Checks every document (name → XML) against a rule set: one xmllint per schema, each stylesheet on each. */
export function validate(documents: Record<string, string>, ruleSet: RuleSet): Report {
  const root = artefacts();
  const dir = mkdtempSync(path.join(tmpdir(), `einvoice-${ruleSet}-`));
  const files = Object.keys(documents).map((name) => `${name}.xml`);
  for (const [name, xml] of Object.entries(documents)) writeFileSync(path.join(dir, `${name}.xml`), xml);
  const rules: { xsd: string | ((xml: string) => string); schematrons: string[] } = RULES[ruleSet];
  const xsdOf = (name: string) =>
    typeof rules.xsd === 'string' ? rules.xsd : rules.xsd(documents[name.replace(/\.xml$/, '')] ?? '');
  const schema: Record<string, string[]> = {};
  for (const xsd of new Set(files.map(xsdOf))) {
    Object.assign(
      schema,
      schemaErrors(
        dir,
        files.filter((file) => xsdOf(file) === xsd),
        path.join(root, xsd),
      ),
    );
  }
  const fatal = rules.schematrons.map((xslt) => schematron(documents, path.join(root, xslt)));
  return Object.fromEntries(
    files.map((file) => [
      file.replace(/\.xml$/, ''),
      { schema: schema[file] ?? [], fatal: fatal.flatMap((report) => report[file] ?? []) },
    ]),
  );
}
