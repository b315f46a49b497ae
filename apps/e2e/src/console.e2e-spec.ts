import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ApiClient, startTrove, TroveRig, workspaceRoot } from '@trove/testing';
import { type Browser, type Page } from 'playwright-core';
import { launchChromium, skipWithoutChromium } from './suites/chromium';
import { uploadText } from './suites/graph-http';
import { ownerWithTenant } from './suites/owners';

// The web console at /console (docs/console.md), driven in headless Chromium against standalone:
// the page and its CSP, a search with its score breakdown, the sources, an upload followed to
// completion, memories, the graph drawn by cytoscape, and a bad key's 401 as the page shows it.
// Screenshots of each view go to tmp/console-screenshots/ (test artifacts, not committed).

const SKIP = skipWithoutChromium('the console tests');

const ADA =
  'Ada Lovelace was born in London in 1815. She worked with Charles Babbage on the Analytical Engine.';
const MEMORIES = [
  'The user prefers green tea in the morning.',
  'The user is planning a trip to Lisbon in May.',
];

describe('web console (standalone, headless Chromium)', { skip: SKIP, timeout: 300_000 }, () => {
  const tenant = `console-${Date.now()}`;
  const shots = join(workspaceRoot(), 'tmp', 'console-screenshots');
  let rig: TroveRig;
  let client: ApiClient;
  let key: string;
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];

  const screenshot = async (name: string) => {
    const path = join(shots, `${name}.png`);
    await page.screenshot({ path, fullPage: true });
    console.log(`screenshot: ${path}`);
  };

  const openTab = async (view: string) => {
    await page.click(`#tabs button[data-view="${view}"]`);
    await page.waitForSelector(`#view-${view}:not([hidden])`);
  };

  before(async () => {
    mkdirSync(shots, { recursive: true });
    rig = await startTrove('standalone', { env: { EMBEDDINGS_PROVIDER: 'hashing' } });
    client = await ownerWithTenant(rig, 'console', tenant);
    const created = await new ApiClient(rig.baseUrl, rig.adminKey).post<{ full_api_key: string }>(
      '/api-keys/create_api_key',
      { json: { owner: 'console' } },
    );
    key = created.body.full_api_key;
    for (const raw_text of MEMORIES) {
      const added = await client.post('/user_memory/add_user_memory', {
        json: { tenant_id: tenant, raw_text },
      });
      assert.equal(added.status, 200, JSON.stringify(added.body));
    }
    await uploadText(client, { tenant_id: tenant }, 'ada', ADA);
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  });

  after(async () => {
    await browser?.close();
    await rig?.dispose();
  });

  it('serves the page without a key, under a strict CSP, and leaves it out of the OpenAPI document', async () => {
    const response = await page.goto(`${rig.baseUrl}/console`);
    assert.equal(response?.status(), 200);
    const csp = response?.headers()['content-security-policy'] ?? '';
    assert.match(csp, /default-src 'none'/);
    assert.match(csp, /script-src 'self'(;|$)/);
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);
    assert.equal(await page.inputValue('#base'), rig.baseUrl, 'the base URL defaults to the origin');
    const script = await client.get<string>('/console/main.js', { key: null });
    assert.equal(script.status, 200);
    assert.match(script.headers.get('content-security-policy') ?? '', /script-src 'self'/);
    const openapi = await client.get<{ paths: Record<string, unknown> }>('/openapi.json');
    assert.ok(!Object.keys(openapi.body.paths).some((p) => p.startsWith('/console')));
    await screenshot('0-start');
    assert.deepEqual(errors, [], 'console errors on load');
  });

  it('keeps the key in sessionStorage only, and searches with the score breakdown', async () => {
    await page.fill('#key', key);
    await page.fill('#tenant', tenant);
    await page.click('#settings button[type=submit]');
    const stored = await page.evaluate(() => {
      type Store = { getItem(name: string): string | null; length: number };
      const { sessionStorage, localStorage } = globalThis as unknown as Record<string, Store>;
      return { session: sessionStorage!.getItem('trove.console.key'), local: localStorage!.length };
    });
    assert.deepEqual(stored, { session: key, local: 0 });

    await openTab('search');
    await page.fill('#search-form input[name=query]', 'Where was Ada Lovelace born?');
    await page.click('#search-form button[type=submit]');
    await page.waitForSelector('#search-results li.result');
    const first = await page.$eval('#search-results li.result', (li) => ({
      content: li.querySelector('.content')?.textContent ?? '',
      parts: [...li.querySelectorAll('.explain th')].map((th) => th.textContent),
      meters: li.querySelectorAll('.explain meter').length,
    }));
    assert.match(first.content, /Ada Lovelace was born in London/);
    assert.ok(first.parts.includes('final') && first.parts.includes('semantic'), first.parts.join(', '));
    assert.ok(first.meters >= 2);
    await screenshot('1-search');

    await page.selectOption('#search-form select[name=mode]', 'accurate');
    await page.click('#search-form button[type=submit]');
    await page.waitForSelector('#search-accurate .accurate');
    assert.match(
      (await page.textContent('#search-accurate')) ?? '',
      /queries run: Where was Ada Lovelace born\?/,
    );
    await screenshot('1-search-accurate');
  });

  it('lists the sources with their status, and shows a source’s content', async () => {
    await openTab('sources');
    await page.waitForSelector('#sources-table tr[data-source="ada"] td.status.completed');
    await page.click('#sources-table tr[data-source="ada"] button');
    await page.waitForSelector('#source-content:not([hidden])');
    assert.equal(await page.textContent('#source-content'), ADA);
    await screenshot('2-sources');
  });

  it('uploads a file and follows it to completed', async () => {
    await openTab('upload');
    await page.setInputFiles('#upload-file input[name=file]', {
      name: 'babbage.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from(
        'Charles Babbage designed the Analytical Engine. Babbage was a member of the Royal Society.',
      ),
    });
    await page.fill('#upload-file input[name=file_id]', 'babbage');
    await page.click('#upload-file button[type=submit]');
    await page.waitForSelector('#upload-status li[data-file="babbage"][data-status="completed"]', {
      timeout: 90_000,
    });
    assert.match((await page.textContent('#upload-status li[data-file="babbage"]')) ?? '', /chunks/);
    // Followed through the server-sent events (GET /ingestion/events), not by polling.
    assert.equal(await page.getAttribute('#upload-status li[data-file="babbage"]', 'data-via'), 'events');
    await screenshot('3-upload');
  });

  it('adds, retrieves and deletes memories', async () => {
    await openTab('memories');
    await page.fill('#memory-add textarea[name=raw_text]', 'The user’s cat is called Miso.');
    await page.click('#memory-add button[type=submit]');
    await page.waitForSelector('#message.notice');
    assert.match((await page.textContent('#message')) ?? '', /Memory .+ added/);
    await page.fill('#memory-retrieve input[name=query]', 'What tea does the user drink?');
    await page.click('#memory-retrieve button[type=submit]');
    await page.waitForSelector('#memory-results li.result');
    const found = (await page.textContent('#memory-results')) ?? '';
    assert.match(found, /green tea/);
    await screenshot('4-memories');
    const before = await page.locator('#memory-results li.result').count();
    await page.click('#memory-results li.result button.danger');
    await page.waitForSelector(`#memory-results li.result >> nth=${before - 1}`, { state: 'detached' });
    assert.match((await page.textContent('#message')) ?? '', /deleted/);
  });

  it('draws a source’s graph with cytoscape and shows an edge’s evidence', async () => {
    await openTab('graph');
    await page.click('#graph-load-sources');
    await page.waitForSelector('#graph-source option[value="ada"]', { state: 'attached' });
    await page.selectOption('#graph-source', 'ada');
    await page.click('#graph-form button[type=submit]');
    await page.waitForSelector('#graph-canvas[data-nodes]');
    const drawn = await page.evaluate(() => {
      const cy = (
        globalThis as unknown as { troveConsole: { cy: { nodes(): unknown[]; edges(): unknown[] } } }
      ).troveConsole.cy;
      return { nodes: cy.nodes().length, edges: cy.edges().length };
    });
    assert.ok(drawn.nodes > 0 && drawn.edges > 0, JSON.stringify(drawn));
    assert.equal(await page.getAttribute('#graph-canvas', 'data-nodes'), String(drawn.nodes));
    // A tap on the edge born in → London, through cytoscape (its canvas has no DOM per edge).
    await page.evaluate(() => {
      const cy = (
        globalThis as unknown as {
          troveConsole: { cy: { edges(selector: string): { emit(event: string): void; length: number } } };
        }
      ).troveConsole.cy;
      cy.edges('[label = "born in"]').emit('tap');
    });
    await page.waitForSelector('#graph-evidence blockquote');
    assert.match(
      (await page.textContent('#graph-evidence')) ?? '',
      /Ada Lovelace was born in London in 1815/,
    );
    await screenshot('5-graph');
    assert.deepEqual(errors, [], 'console errors while using the views');
  });

  it('shows a bad key’s 401 with its message, error code and request id', async () => {
    await page.fill('#key', 'sk_live_' + 'x'.repeat(40));
    await page.click('#settings button[type=submit]');
    await openTab('search');
    await page.fill('#search-form input[name=query]', 'anything');
    await page.click('#search-form button[type=submit]');
    await page.waitForSelector('#message.error');
    const shown = (await page.textContent('#message')) ?? '';
    assert.match(shown, /401 UNAUTHORIZED/);
    assert.match(shown, /Missing or invalid API key/);
    assert.match(shown, /request id: [\w.:-]+/);
    await screenshot('6-invalid-key');
    // The only console error is the browser's own line about the failed request.
    assert.ok(
      errors.every((e) => /401/.test(e)),
      errors.join('\n'),
    );
  });
});
