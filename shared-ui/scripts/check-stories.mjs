// Smoke check of the static Storybook: every story renders in Debian's chromium without a console
// error or page error, and axe-core finds no serious or critical violation in it.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_LAUNCH_OPTIONS } from '../../scripts/chromium.mjs';
import { serveStatic } from '../../scripts/serve-static.mjs';

const require = createRequire(import.meta.url);
const root = resolve(import.meta.dirname, '..', 'storybook-static');
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const only = process.argv[2];

if (!existsSync(join(root, 'index.json'))) {
  console.error('storybook-static/index.json is missing: run `storybook build -o storybook-static` first.');
  process.exit(1);
}

const server = await serveStatic(root, 0);
const base = `http://127.0.0.1:${server.address().port}`;

const index = JSON.parse(readFileSync(join(root, 'index.json'), 'utf8'));
const stories = Object.values(index.entries).filter(
  (entry) => entry.type === 'story' && (!only || entry.id.includes(only)),
);

const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
const started = Date.now();
const failures = [];

try {
  const context = await browser.newContext({ locale: 'fr-FR', viewport: { width: 1280, height: 900 } });
  // Each story mostly waits (its settle time below): three at once, in order of the index, keep the two cores busy.
  const queue = [...stories];
  const check = async (story) => {
    const page = await context.newPage();
    const problems = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console.error: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    await page.goto(`${base}/iframe.html?id=${story.id}&viewMode=story`, { waitUntil: 'load' });
    try {
      await page.waitForSelector('#storybook-root > *', { timeout: 15_000 });
    } catch {
      problems.push('nothing rendered in #storybook-root');
    }
    // Lazy chunks (Quill), demo fetchers (300 ms) and antd motion settle.
    await page.waitForTimeout(900);
    await page.addScriptTag({ content: axeSource });
    const violations = await page.evaluate(async () => {
      // Storybook's a11y addon may be running its own axe pass on the story: wait for it to finish.
      const run = async (context, options, attempt = 0) => {
        try {
          return await window.axe.run(context, options);
        } catch (error) {
          if (attempt < 20 && String(error).includes('already running')) {
            await new Promise((done) => setTimeout(done, 250));
            return run(context, options, attempt + 1);
          }
          throw error;
        }
      };
      const include = [['#storybook-root']];
      for (const modal of document.querySelectorAll('.ant-modal-root')) {
        if (modal.id === '') modal.id = `axe-modal-${Math.random().toString(36).slice(2)}`;
        include.push([`#${modal.id}`]);
      }
      const result = await run({ include }, { resultTypes: ['violations'] });
      return result.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => ({
          id: violation.id,
          impact: violation.impact,
          help: violation.help,
          targets: violation.nodes.slice(0, 3).map((node) => node.target.join(' ')),
        }));
    });
    for (const violation of violations) {
      problems.push(`axe ${violation.impact} ${violation.id}: ${violation.help} — ${violation.targets.join(' | ')}`);
    }
    await page.close();
    if (problems.length > 0) failures.push({ id: story.id, problems });
    console.log(`${problems.length === 0 ? 'ok  ' : 'FAIL'} ${story.id}`);
    for (const problem of problems) console.log(`     ${problem}`);
  };
  const worker = async () => {
    for (let story = queue.shift(); story; story = queue.shift()) await check(story);
  };
  await Promise.all([worker(), worker(), worker()]);
} finally {
  await browser.close();
  server.close();
}

const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(`\n${stories.length - failures.length}/${stories.length} stories clean in ${seconds} s`);
process.exit(failures.length > 0 ? 1 : 0);
