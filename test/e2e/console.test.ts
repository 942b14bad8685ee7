import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page, type Route } from 'playwright-core';
import { makePdf } from '../support/make-pdf.ts';
import { startTestService, type TestService } from '../support/service.ts';

// The console in a real browser (Debian's Chromium driven by playwright-core), as a person uses it:
// sign in, drop files, watch them index, generate, study, take the quiz, explore the mindmap,
// download, delete, register a webhook and watch its deliveries; wrong and revoked keys, refused
// uploads, failed sources and hostile text; axe's accessibility checks on every page; no request
// leaves the service's origin; screenshots of each page under test-output/console/ (look at them).

const CHROMIUM = '/usr/bin/chromium';
const skip = existsSync(CHROMIUM) ? false : 'Chromium is not installed (apt-get install chromium; .ci/run does)';
const shots = join(import.meta.dirname, '..', '..', 'test-output', 'console');
const fixtures = join(import.meta.dirname, '..', 'fixtures');
const MAX_UPLOAD_BYTES = 1024 * 1024;
/** What a hostile API answer could carry: if the console inserted it as HTML, it would run or make elements. */
const HOSTILE = '<script>window.__injected = 1</script><img src=x onerror="window.__injected = 1">';

describe('the web console in Chromium', { skip }, () => {
  let service: TestService;
  let browser: Browser;
  let page: Page;
  let apiKey: string;
  let organizationId: string;
  let receiver: Server;
  let receiverUrl: string;
  /** Requests the pages made to anywhere but the service: the console and /docs work offline. */
  const elsewhere: string[] = [];

  const shot = (name: string) => page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
  /** Drops files on the drop zone as a person dragging them from their desktop would. */
  const drop = async (files: { name: string; bytes: Buffer; type: string }[]) => {
    const transfer = await page.evaluateHandle(
      (encoded) => {
        const data = new (globalThis as unknown as { DataTransfer: new () => { items: { add(file: File): void } } }).DataTransfer();
        for (const file of encoded) data.items.add(new File([Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0))], file.name, { type: file.type }));
        return data;
      },
      files.map((file) => ({ name: file.name, type: file.type, base64: file.bytes.toString('base64') })),
    );
    await page.dispatchEvent('#dropzone', 'drop', { dataTransfer: transfer });
  };
  const rowOf = (title: string) => page.locator('tbody tr', { hasText: title });

  before(async () => {
    await mkdir(shots, { recursive: true });
    receiver = createServer((req, res) => req.resume().on('end', () => res.writeHead(204).end()));
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`;
    service = await startTestService({ MAX_UPLOAD_BYTES: String(MAX_UPLOAD_BYTES), WEB_FETCH_ALLOW_LOOPBACK: 'true' });
    ({ apiKey, organizationId } = await service.createOrganization('Riverside School'));
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    page = await browser.newPage({ viewport: { width: 1280, height: 900 }, bypassCSP: false, acceptDownloads: true });
    page.on('request', (request) => {
      if (!request.url().startsWith(service.url) && !/^(data|blob):/.test(request.url())) elsewhere.push(request.url());
    });
    page.on('dialog', (dialog) =>
      dialog.type() === 'confirm' ? dialog.accept() : dialog.dismiss().then(() => assert.fail(`unexpected ${dialog.type()}: ${dialog.message()}`)),
    );
  });

  after(async () => {
    await browser?.close();
    await service?.stop();
    receiver?.closeAllConnections();
    await new Promise((resolve) => receiver?.close(resolve));
  });

  test('first load: the sign-in page, its JavaScript budget and time to interactive', async () => {
    const scripts: number[] = [];
    page.on('response', async (response) => {
      if (response.url().endsWith('.js')) scripts.push(gzipSync(await response.body()).length);
    });
    const started = Date.now();
    await page.goto(`${service.url}/console/`);
    await page.getByLabel('API key').waitFor();
    const interactiveMs = Date.now() - started;
    assert.equal(await page.getByRole('navigation', { name: 'Main' }).isVisible(), false, 'no navigation or sign-out before signing in');
    const gzipKb = scripts.reduce((sum, size) => sum + size, 0) / 1024;
    await writeFile(
      join(shots, 'budget.json'),
      JSON.stringify({ javascriptGzipKb: Number(gzipKb.toFixed(1)), scripts: scripts.length, interactiveMs }, null, 2),
    );
    console.log(
      `console first load: ${scripts.length} scripts, ${gzipKb.toFixed(1)} KB of JavaScript gzipped (budget 300 KB), interactive after ${interactiveMs} ms`,
    );
    await shot('sign-in');
  });

  test('a wrong key is refused with a clear message', async () => {
    await page.getByLabel('API key').fill('lcs_not_a_real_key_0000000000000000');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('That API key was not accepted').waitFor();
  });

  test('signed in, PDF and DOCX files dropped on the page index, a refused upload shows the API’s reason, a failed source its own', async () => {
    await page.getByLabel('API key').fill(apiKey);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Sources' }).waitFor();
    const chapter = (await readFile(join(fixtures, 'generation', 'photosynthesis-chapter.txt'), 'utf8')).split(/\n\d{2,3}\n/).map((part) => part.split('\n'));
    await drop([
      { name: 'photosynthesis.pdf', bytes: makePdf(chapter, { title: 'Photosynthesis' }), type: 'application/pdf' },
      {
        name: 'report.docx',
        bytes: await readFile(join(fixtures, 'documents', 'report.docx')),
        type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      },
      { name: 'setup.exe', bytes: Buffer.from('MZ binary'), type: 'application/octet-stream' },
      { name: 'not-really.pdf', bytes: Buffer.from('4d5a90000300000004000000ffff0000b8000000', 'hex'), type: 'application/pdf' },
      { name: 'huge.txt', bytes: Buffer.alloc(MAX_UPLOAD_BYTES + 512 * 1024, 'a'), type: 'text/plain' },
      { name: 'broken.pdf', bytes: makePdf([['Half a file.']]).subarray(0, 150), type: 'application/pdf' },
    ]);
    // Each refusal in the API's own words, next to its file: by name (400), by content (415), by size (413).
    const refusal = (name: string) => page.locator('.uploads li', { hasText: name }).locator('.error');
    await refusal('setup.exe')
      .getByText(/unsupported file type/)
      .waitFor();
    await refusal('not-really.pdf')
      .getByText(/unsupported/)
      .waitFor();
    await refusal('huge.txt').getByText(`the file is larger than the limit of ${MAX_UPLOAD_BYTES} bytes`).waitFor({ timeout: 30_000 });
    for (const title of ['Photosynthesis', 'Ocean Currents']) await rowOf(title).locator('.badge.indexed').waitFor({ timeout: 60_000 });
    await rowOf('broken.pdf').locator('.badge.failed').waitFor({ timeout: 60_000 });
    assert.match(await rowOf('broken.pdf').innerText(), /damaged|truncated/);
    await page
      .locator('.uploads li', { hasText: 'broken.pdf' })
      .getByText(/^failed: the PDF is damaged/)
      .waitFor();
    await page.locator('.uploads li', { hasText: 'report.docx' }).getByText('indexed', { exact: true }).waitFor();
    for (const refused of ['not-really.pdf', 'huge.txt']) await rowOf(refused).waitFor({ state: 'detached' });
    await shot('sources');
  });

  test('generate flashcards, a quiz and a mindmap from a source; they appear when ready', async () => {
    await rowOf('Photosynthesis').getByRole('link').click();
    await page.getByRole('heading', { name: 'Generate' }).waitFor();
    await page.getByRole('button', { name: 'Generate flashcards' }).click();
    await page.getByLabel('Questions').fill('5');
    await page.getByRole('button', { name: 'Generate a quiz' }).click();
    await page.getByRole('button', { name: 'Generate a mindmap' }).click();
    for (const section of ['Flashcards', 'Quiz', 'Mindmap'])
      await page.getByRole('region', { name: section }).getByRole('link').first().waitFor({ timeout: 30_000 });
    await page
      .getByText(/^page 1/)
      .first()
      .click();
    await shot('source');
  });

  test('flashcards flip with a click and with Space, and move with the arrow keys', async () => {
    await page.getByRole('region', { name: 'Flashcards' }).getByRole('link').first().click();
    const card = page.locator('.flashcard');
    await card.click();
    assert.equal(await card.getAttribute('class'), 'flashcard flipped');
    await page.keyboard.press('Space');
    assert.equal(await card.getAttribute('class'), 'flashcard');
    await page.keyboard.press('ArrowRight');
    await page.getByText(/^Card 2 of \d+/).waitFor();
    await page.keyboard.press('Space');
    await shot('flashcards');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'csv' }).click();
    assert.match((await download).suggestedFilename(), /\.csv$/);
    await page.goBack();
  });

  test('the quiz is taken and scored, with explanations and excerpts', async () => {
    await page.getByRole('region', { name: 'Quiz' }).getByRole('link').first().waitFor();
    const quizId = (await page.getByRole('region', { name: 'Quiz' }).getByRole('link').first().getAttribute('href'))?.split('/').pop() as string;
    const quiz = (await service.call('GET', `/v1/quizzes/${quizId}`, { apiKey })).body.data as {
      questions: { options: string[]; correctAnswerIndex: number }[];
    };
    await page.getByRole('region', { name: 'Quiz' }).getByRole('link').first().click();
    await page.getByRole('button', { name: 'One question at a time / all at once' }).click();
    await page.getByText(`Question 1 of ${quiz.questions.length}`).waitFor();
    assert.equal(await page.locator('.question').count(), 1, 'one question shown');
    await page.getByRole('button', { name: 'Next question' }).click();
    await page.getByText(`Question 2 of ${quiz.questions.length}`).waitFor();
    await page.getByRole('button', { name: 'One question at a time / all at once' }).click();
    assert.equal(await page.locator('.question').count(), quiz.questions.length, 'all questions shown');
    // Right on every question but the first, which gets a wrong answer.
    for (const [q, question] of quiz.questions.entries()) {
      const choice = q === 0 ? (question.correctAnswerIndex + 1) % 4 : question.correctAnswerIndex;
      await page.locator(`input[name="q${q}"][value="${choice}"]`).check();
    }
    await page.getByRole('button', { name: 'Submit answers' }).click();
    await page.getByText(`Score: ${quiz.questions.length - 1} of ${quiz.questions.length}`).waitFor();
    await page
      .getByText(/^Not quite: the answer is/)
      .first()
      .waitFor();
    await shot('quiz');
    await page.goBack();
  });

  test('the mindmap collapses, expands and zooms', async () => {
    await page.getByRole('region', { name: 'Mindmap' }).getByRole('link').first().click();
    await page.getByRole('button', { name: 'Collapse all' }).click();
    const root = page.locator('.mindmap-canvas details').first();
    assert.equal(await root.getAttribute('open'), null);
    assert.equal(await page.locator('.mindmap-canvas details details').first().isVisible(), false, 'branches are hidden when collapsed');
    await root.locator('summary').first().click();
    assert.equal(await root.getAttribute('open'), '');
    await page.locator('.mindmap-canvas details details summary').first().waitFor();
    await page.getByRole('button', { name: 'Expand all' }).click();
    await page.getByRole('button', { name: 'Zoom in' }).click();
    assert.match((await page.locator('.mindmap-canvas').getAttribute('style')) ?? '', /scale\(1\.2\)/);
    await page.locator('.mindmap-viewport').focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    assert.match((await page.locator('.mindmap-canvas').getAttribute('style')) ?? '', /translate\(-40px, -40px\)/, 'panned with the arrow keys');
    await page.getByRole('button', { name: 'Reset view' }).click();
    await shot('mindmap');
  });

  test('titles, terms, questions, labels and errors with markup render as text, never as HTML', async () => {
    await page.goto(`${service.url}/console/#/sources`);
    await drop([{ name: '<img src=x onerror=alert(1)>notes.txt', bytes: Buffer.from('Mitochondria release energy.'), type: 'text/plain' }]);
    await rowOf('<img src=x onerror=alert(1)>notes.txt').waitFor({ timeout: 30_000 });
    assert.equal(await page.locator('main img').count(), 0, 'no element was made from the title');
    // The API never stores such text in terms or errors here, so its answers are rewritten on the way
    // to the page: whatever the API returns must reach the screen as text.
    const hostile = async (route: Route, rewrite: (data: any) => void) => {
      const response = await route.fetch();
      const body = await response.json();
      rewrite(body.data);
      // Going on to the next page can cancel a request whose answer is still being rewritten: the
      // browser has then handled its route already, and nothing is left to show.
      await route.fulfill({ response, json: body }).catch((error: Error) => {
        if (!/already handled/i.test(error.message)) throw error;
      });
    };
    await page.route(/\/v1\/sources\?/, (route) =>
      hostile(route, (sources) => Object.assign(sources[0], { status: 'failed', error: `could not read ${HOSTILE}` })),
    );
    await page.route(/\/v1\/flashcards\/[^/?]+$/, (route) => hostile(route, (set) => (set.cards[0].term = HOSTILE)));
    await page.route(/\/v1\/quizzes\/[^/?]+$/, (route) =>
      hostile(route, (quiz) => Object.assign(quiz.questions[0], { question: HOSTILE, explanation: HOSTILE, options: [HOSTILE, 'b', 'c', 'd'] })),
    );
    await page.route(/\/v1\/mindmaps\/[^/?]+$/, (route) => hostile(route, (map) => (map.nodes[0].label = HOSTILE)));
    const [flashcards, quizzes, mindmaps] = await Promise.all(
      ['flashcards', 'quizzes', 'mindmaps'].map(async (plural) => (await service.call('GET', `/v1/${plural}`, { apiKey })).body.data[0]._id as string),
    );
    for (const hash of ['#/sources', `#/flashcards/${flashcards}`, `#/quizzes/${quizzes}`, `#/mindmaps/${mindmaps}`]) {
      await page.goto(`${service.url}/console/${hash}`);
      await page.getByText(HOSTILE).first().waitFor();
      assert.equal(await page.locator('main img, main script').count(), 0, `${hash}: no element made from the API's text`);
      assert.equal(await page.evaluate(() => (globalThis as { __injected?: number }).__injected), undefined, `${hash}: nothing ran`);
    }
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });

  test('the events feed and the webhooks page', async () => {
    await page.getByRole('link', { name: 'Events' }).click();
    await page.getByText('SourceIndexed').first().waitFor();
    await shot('events');
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await page.getByRole('heading', { name: 'Webhooks' }).waitFor();
    await page.getByLabel('Endpoint URL').fill(receiverUrl);
    await page.getByLabel('source.indexed').check();
    await page.getByRole('button', { name: 'Add webhook' }).click();
    await page.getByText(/^whsec_/).waitFor();
    const text = await readFile(join(fixtures, 'generation', 'photosynthesis-chapter.txt'));
    const form = new FormData();
    form.append('source', JSON.stringify({ sourceType: 'file' }));
    form.append('file', new Blob([new Uint8Array(text)], { type: 'text/plain' }), 'webhook-test.txt');
    assert.equal((await service.call('POST', '/v1/ingestSource', { apiKey, body: form })).status, 200);
    await page
      .locator('section', { hasText: receiverUrl })
      .locator('tbody tr', { hasText: 'source.indexed' })
      .getByText('delivered (204)')
      .waitFor({ timeout: 60_000 });
    await page.getByText(/^whsec_/).waitFor();
    await shot('webhooks');
  });

  test('a source is deleted after confirmation', async () => {
    await page.getByRole('link', { name: 'Sources' }).click();
    await rowOf('Ocean Currents')
      .getByRole('button', { name: /Delete/ })
      .click();
    await rowOf('Ocean Currents').waitFor({ state: 'detached' });
  });

  test('the pages pass axe-core’s checks with no serious or critical violations', async () => {
    const axe = await readFile(join(import.meta.dirname, '..', '..', 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');
    const checker = await browser.newPage({ bypassCSP: true });
    await checker.goto(`${service.url}/console/`);
    await checker.evaluate((key) => sessionStorage.setItem('lcs.apiKey', key), apiKey);
    const sourceId = (await service.call('GET', '/v1/sources', { apiKey })).body.data[0]._id as string;
    const [flashcards, quizzes, mindmaps] = await Promise.all(
      ['flashcards', 'quizzes', 'mindmaps'].map(async (plural) => (await service.call('GET', `/v1/${plural}`, { apiKey })).body.data[0]._id as string),
    );
    for (const hash of [
      '#/sources',
      `#/sources/${sourceId}`,
      `#/flashcards/${flashcards}`,
      `#/quizzes/${quizzes}`,
      `#/mindmaps/${mindmaps}`,
      '#/events',
      '#/webhooks',
    ]) {
      await checker.goto(`${service.url}/console/${hash}`);
      await checker.locator('main h2').waitFor();
      await checker.addScriptTag({ content: axe });
      const results = (await checker.evaluate(() => (globalThis as unknown as { axe: { run(): Promise<unknown> } }).axe.run())) as {
        violations: { id: string; impact: string; help: string }[];
      };
      const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
      assert.deepEqual(
        serious.map((violation) => `${violation.id}: ${violation.help}`),
        [],
        hash,
      );
    }
    await checker.close();
  });

  test('a revoked key signs the person out with a message', async () => {
    // Revoked while the person watches the live event feed, whose next call is refused.
    await page.getByRole('link', { name: 'Events' }).click();
    await page.getByRole('heading', { name: 'Events' }).waitFor();
    const keys = (await service.call('GET', `/v1/organizations/${organizationId}/apiKeys`, { adminKey: service.adminKey })).body.data as { _id: string }[];
    await service.call('DELETE', `/v1/organizations/${organizationId}/apiKeys/${keys[0]?._id}`, { adminKey: service.adminKey });
    await page.getByText(/You were signed out/).waitFor();
    await page.getByLabel('API key').waitFor();
    assert.equal(await page.getByRole('navigation', { name: 'Main' }).isVisible(), false, 'the navigation is gone with the key');
  });

  test('the API reference at /docs renders the OpenAPI document offline, with a curl command for each call', async () => {
    await page.goto(`${service.url}/docs/`);
    await page.getByText('/v1/ingestSource').first().waitFor({ timeout: 60_000 });
    await shot('docs');
    await page
      .locator('.opblock-summary', { hasText: /sources, newest first/ })
      .first()
      .click();
    await page.getByRole('button', { name: 'Try it out' }).click();
    await page.getByRole('button', { name: 'Execute' }).click();
    await page
      .locator('.curl-command')
      .getByText(/curl -X 'GET'/)
      .waitFor();
    assert.match(await page.locator('.curl-command').innerText(), /\/v1\/sources/);
  });

  test('nothing was requested from anywhere but the service', () => {
    assert.deepEqual(elsewhere, []);
  });
});
