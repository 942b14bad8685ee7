import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { ExtractionError } from '../../extraction/extractor.ts';
import { extractWebpage } from '../../extraction/webpage.ts';

// Minified on purpose: no whitespace between elements, as many real pages are served.
const article =
  '<!DOCTYPE html><html><head><title>Rivers | Geo Site</title></head><body>' +
  '<nav><a href="/">Home</a> <a href="/about">About</a></nav>' +
  '<article><h1>How Rivers Shape Land</h1>' +
  '<p>Rivers erode their banks and carry sediment downstream toward the sea over many years of steady flow.</p>' +
  '<h2>Deltas</h2><p>A delta forms where a river deposits sediment at its mouth, building new land into the sea.</p>' +
  '<ul><li><p>Bird-foot deltas</p></li><li>Fan deltas</li></ul>' +
  '<h2>Meanders</h2><p>Meanders are loops that grow as the outer <em>bank</em> erodes and the inner bank collects sand.</p>' +
  '<blockquote><p>A river never runs in a straight line for long.</p></blockquote>' +
  '<table><tr><th>River</th><th>Length</th></tr><tr><td>Nile</td><td>6650 km</td></tr></table>' +
  '</article><footer>Copyright Geo Site</footer></body></html>';

const filler = 'This sentence adds enough words for the reader to keep the paragraph. '.repeat(2);
const paragraph = (words: string) => `<p>${words} ${filler}</p>`;

// "Привет, мир" in windows-1251 bytes, written out by hand (Node cannot encode to legacy charsets).
const cyrillic = Buffer.from([0xcf, 0xf0, 0xe8, 0xe2, 0xe5, 0xf2, 0x2c, 0x20, 0xec, 0xe8, 0xf0]);

const pages: Record<string, { type?: string; body: Buffer | string }> = {
  '/article': { type: 'text/html; charset=utf-8', body: article },
  '/latin1': {
    type: 'text/html; charset=windows-1252',
    body: Buffer.concat([
      Buffer.from('<html><head><title>Caf'),
      Buffer.from([0xe9]),
      Buffer.from(`</title></head><body><article>${paragraph('Caf')}</article></body></html>`),
    ]),
  },
  '/meta-charset': {
    type: 'text/html',
    body: Buffer.concat([
      Buffer.from('<html><head><meta http-equiv="Content-Type" content="text/html; charset=windows-1251"><title>Greeting</title></head><body><article><p>'),
      cyrillic,
      Buffer.from(` ${filler}</p></article></body></html>`),
    ]),
  },
  '/bom': {
    type: 'text/html',
    body: Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from(`<html><head><meta charset="windows-1252"><title>Naïve</title></head><body>${paragraph('Naïve')}</body></html>`),
    ]),
  },
  '/no-headings': {
    type: 'text/html',
    body: `<html><head><title>Plain Page</title></head><body><div>${paragraph('First.')}${paragraph('Second.')}</div></body></html>`,
  },
  '/plain': { type: 'text/plain; charset=utf-8', body: '# Glossary\n\nErosion: wearing away of rock.\n\n## More\n\nDeposition: laying down of sediment.\n' },
  '/untyped-html': { body: `<html><head><title>No Type</title></head><body>${paragraph('Untyped.')}</body></html>` },
  // Laid out as the Debian handbook's pages are: paragraphs as div.para, notes in boxes classed "sidebar"
  // (which Readability drops as unlikely content), an example file longer than any paragraph.
  '/handbook': {
    type: 'text/html',
    body:
      '<html><head><title>9.6. The inetd Super-Server</title></head><body>' +
      '<div id="banner"><a href="/ebook">Download the ebook</a></div>' +
      '<ul class="docnav"><li><a href="/prev">Prev</a></li><li><a href="/home">The Handbook</a></li><li><a href="/next">Next</a></li></ul>' +
      '<div class="section"><div class="titlepage"><h2 class="title">9.6. The inetd Super-Server</h2></div>' +
      '<div class="para">Inetd (often called “Internet super-server”) is a server of servers. It executes rarely used servers on demand.</div>' +
      '<div class="sidebar"><p class="title"><strong>VOCABULARY Socket type</strong></p><div class="para">The socket type says how data travels: stream for a TCP connection, dgram for UDP datagrams. A stream keeps the order of the bytes it carries and resends what was lost on the way.</div></div>' +
      '<div class="sidebar"><p class="title"><strong>ALTERNATIVE Other super-servers</strong></p><div class="para">Debian installs openbsd-inetd by default, but xinetd, rlinetd and inetutils-inetd provide the same service. Most of them read the same configuration file, and xinetd can split it into several files.</div></div>' +
      '<div class="example"><p class="title">Example 9.1. Excerpt from /etc/inetd.conf</p><pre>' +
      'talk   dgram   udp   wait     nobody.tty   /usr/sbin/in.talkd     in.talkd\n'.repeat(6) +
      '</pre></div>' +
      '<div class="para">The tcpd program limits incoming connections by applying access control rules before it runs the real server.</div>' +
      '</div><ul class="docnav"><li><a href="/prev">Prev: 9.5. syslog System Events</a></li><li><a href="/next">Next: 9.7. Scheduling Tasks</a></li></ul></body></html>',
  },
  '/pdf': { type: 'application/pdf', body: '%PDF-1.4\n%âãÏÓ\n' },
  '/untyped-binary': { body: Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0x01, 0x02]) },
  '/script-only': { type: 'text/html', body: '<html><head><title>App</title></head><body><div id="root"></div><script>render()</script></body></html>' },
};

describe('web pages', () => {
  let server: Server;
  let base: string;
  before(async () => {
    server = createServer((req, res) => {
      if (req.url === '/moved') return res.writeHead(301, { location: '/article' }).end();
      if (req.url === '/to-private') return res.writeHead(302, { location: 'http://192.168.0.10/' }).end();
      const page = pages[req.url ?? ''];
      if (!page) return res.writeHead(404).end();
      res.writeHead(200, page.type ? { 'content-type': page.type } : {});
      res.end(page.body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  const read = (path: string, options: { allowLoopback?: boolean } = {}) =>
    extractWebpage(`${base}${path}`, { timeoutMs: 2000, maxBytes: 1_000_000, allowLoopback: options.allowLoopback ?? true });
  const failure =
    (pattern: RegExp, retryable = false) =>
    (error: unknown) =>
      error instanceof ExtractionError && error.retryable === retryable && pattern.test(error.message);

  test('a page becomes its readable text, one section per heading, without navigation or footer', async () => {
    const content = await read('/article');
    assert.equal(content.title, 'Rivers | Geo Site');
    assert.deepEqual(
      content.outline.map(({ kind, index, title }) => ({ kind, index, title })),
      [
        { kind: 'section', index: 0, title: 'How Rivers Shape Land' },
        { kind: 'section', index: 1, title: 'Deltas' },
        { kind: 'section', index: 2, title: 'Meanders' },
      ],
    );
    assert.equal(
      content.outline[1]?.text,
      'A delta forms where a river deposits sediment at its mouth, building new land into the sea.\n- Bird-foot deltas\n- Fan deltas',
    );
    assert.equal(
      content.outline[2]?.text,
      'Meanders are loops that grow as the outer bank erodes and the inner bank collects sand.\nA river never runs in a straight line for long.\nRiver | Length\nNile | 6650 km',
    );
    assert.match(content.text, /^How Rivers Shape Land\nRivers erode their banks/);
    assert.match(
      content.text,
      /toward the sea over many years of steady flow\.\n\nDeltas\nA delta forms/,
      'blocks stay apart even without whitespace between them',
    );
    assert.doesNotMatch(content.text, /Copyright|Home|About/);
  });

  test('a page whose article Readability cuts short (boxes classed "sidebar", a long example) keeps all its text', async () => {
    const content = await read('/handbook');
    assert.match(content.text, /Inetd \(often called “Internet super-server”\) is a server of servers\./);
    assert.match(content.text, /The socket type says how data travels/, 'the note in its box');
    assert.match(content.text, /The tcpd program limits incoming connections/, 'the paragraph after the example');
    assert.doesNotMatch(content.text, /\bPrev\b|\bNext\b|syslog System Events/, 'no menu of links');
  });

  test('a page without headings is one section titled with the page title', async () => {
    const content = await read('/no-headings');
    assert.equal(content.title, 'Plain Page');
    assert.equal(content.outline.length, 1);
    assert.equal(content.outline[0]?.title, 'Plain Page');
    assert.match(content.outline[0]?.text ?? '', /^First\. This sentence[^\n]+\nSecond\. /);
  });

  test('the charset comes from the byte order mark, then Content-Type, then <meta>', async () => {
    assert.equal((await read('/latin1')).title, 'Café');
    assert.match((await read('/meta-charset')).text, /^Привет, мир This sentence/);
    const bom = await read('/bom');
    assert.equal(bom.title, 'Naïve');
    assert.match(bom.text, /^Naïve /);
  });

  test('plain text is read as text; an untyped page is sniffed', async () => {
    const plain = await read('/plain');
    assert.equal(plain.title, 'Glossary');
    assert.deepEqual(
      plain.outline.map(({ title, text }) => ({ title, text })),
      [
        { title: 'Glossary', text: 'Erosion: wearing away of rock.' },
        { title: 'More', text: 'Deposition: laying down of sediment.' },
      ],
    );
    assert.equal((await read('/untyped-html')).title, 'No Type');
  });

  test('a redirect is followed and the content read from where it lands', async () => {
    assert.equal((await read('/moved')).title, 'Rivers | Geo Site');
  });

  test('what is not a readable page fails with a reason the client can act on', async () => {
    await assert.rejects(read('/pdf'), failure(/^the URL is not a web page \(its content type is application\/pdf\); upload the file instead$/));
    await assert.rejects(read('/untyped-binary'), failure(/not a web page/));
    await assert.rejects(read('/script-only'), failure(/no readable text was found on the page/));
    await assert.rejects(read('/missing'), failure(/answered with status 404/));
  });

  test('refused addresses become non-retryable extraction failures', async () => {
    await assert.rejects(
      read('/article', { allowLoopback: false }),
      failure(/^the URL was refused: the address 127\.0\.0\.1 is a loopback address and cannot be fetched$/),
    );
    await assert.rejects(read('/to-private'), failure(/192\.168\.0\.10 is a private address/));
  });
});

describe('a web page keeps what its DOM says each stretch is', () => {
  test('code, definitions and lists come labelled as blocks', async () => {
    const { htmlToContent } = await import('../../extraction/webpage.ts');
    const prose = Array.from(
      { length: 6 },
      (_, i) => `<p>A generator function returns an iterator that produces values lazily, one at a time, number ${i}.</p>`,
    ).join('');
    const html = `<html><head><title>Generators</title></head><body><article><h1>Generators</h1>${prose}<pre>def count():\n    yield 1</pre><dl><dt>yield</dt><dd>Produces a value from a generator.</dd></dl><ul><li>lazy</li></ul></article></body></html>`;
    const content = htmlToContent(html, 'https://docs.example/generators');
    const kinds = new Set(content.blocks?.map((block) => block.kind));
    for (const kind of ['prose', 'code', 'definition', 'listItem']) assert.ok(kinds.has(kind as never), `${kind} in ${[...kinds].join(', ')}`);
    assert.equal(content.blocks?.find((block) => block.kind === 'definition')?.term, 'yield');
  });

  test("what the text sets in italics or bold comes as the page's emphasis, down to a paragraph of inline elements; not a link's or code's", async () => {
    const { htmlToContent } = await import('../../extraction/webpage.ts');
    const prose = Array.from({ length: 6 }, (_, i) => `<p>A packet filter decides for each packet whether it passes, by rule number ${i}.</p>`).join('');
    const html = `<html><head><title>Firewall</title></head><body><article><h1>Firewall</h1>${prose}<p>The kernel sorts packets into <em>tables</em> of <strong>chains</strong>; see <a href="#x"><em>the manual</em></a> and <code><em>nft</em></code>.</p><div class="para">The <span class="emphasis"><em>base chains</em></span> hook into the network stack.</div><ul><li>A <i>regular chain</i> is reached by a jump.</li></ul></article></body></html>`;
    const content = htmlToContent(html, 'https://docs.example/firewall');
    assert.deepEqual(content.emphasis, ['tables', 'chains', 'base chains', 'regular chain']);
  });

  test('a heading keeps its words, not the "¶" a documentation generator links it with', async () => {
    const { htmlToContent } = await import('../../extraction/webpage.ts');
    const prose = Array.from({ length: 6 }, (_, i) => `<p>The indentation level of a logical line decides which block it belongs to, rule ${i}.</p>`).join('');
    const html = `<html><head><title>Lexical analysis</title></head><body><article><h1>Lexical analysis</h1>${prose}<h2>Indentation<a class="headerlink" href="#indentation">¶</a></h2>${prose}<h4>Tabs and spaces<a class="headerlink" href="#tabs">¶</a></h4>${prose}</article></body></html>`;
    const content = htmlToContent(html, 'https://docs.example/lexical');
    assert.deepEqual(
      content.outline.map((entry) => entry.title),
      ['Lexical analysis', 'Indentation'],
    );
    assert.match(content.text, /^Tabs and spaces$/m);
    assert.doesNotMatch(content.text, /¶/);
  });

  test("an API reference's entries (Sphinx's functions and classes) head sections, though Readability drops the classes marking them", async () => {
    const { htmlToContent } = await import('../../extraction/webpage.ts');
    const entry = (id: string, name: string, description: string) =>
      `<dl class="py function"><dt class="sig sig-object py" id="${id}"><span class="sig-prename descclassname">queue.</span><span class="sig-name descname">${name}</span><span class="sig-paren">(</span><em class="sig-param">maxsize</em><span class="sig-paren">)</span></dt><dd><p>${description}</p></dd></dl>`;
    const html = `<html><head><title>queue</title></head><body><div class="body"><h1>queue — A synchronized queue class</h1><p>The queue module implements multi-producer, multi-consumer queues that exchange information between threads safely.</p>${[
      entry('queue.Queue', 'Queue', 'Constructor for a first-in, first-out queue whose size is bounded by maxsize items.'),
      entry('queue.LifoQueue', 'LifoQueue', 'Constructor for a last-in, first-out queue whose size is bounded by maxsize items.'),
    ].join('')}</div></body></html>`;
    const content = htmlToContent(html, 'https://docs.example/queue');
    assert.deepEqual(content.outline.map((entry) => entry.title).slice(-2), ['queue.Queue()', 'queue.LifoQueue()']);
    assert.match(content.outline.at(-1)?.text ?? '', /^Constructor for a last-in, first-out queue/);
  });

  test('a heading without text of its own keeps its place over the subsections it heads, and a map branches on it', async () => {
    const { htmlToContent } = await import('../../extraction/webpage.ts');
    const { createOfflineGenerator } = await import('../../generation/offline/offline-generator.ts');
    const entry = (name: string, description: string) =>
      `<h3>shutil.${name}()</h3><p>${description} The function works on files and directories of every platform.</p>`;
    const html = `<html><head><title>shutil — High-level file operations — Python documentation</title></head><body><article><h1>shutil — High-level file operations</h1><p>The shutil module offers a number of high-level operations on files and collections of files.</p><h2>Directory and files operations</h2>${[
      entry('copyfile', 'Copy the contents of the file named src to a file named dst.'),
      entry('rmtree', 'Delete an entire directory tree, which must point to a directory.'),
    ].join('')}<h3>shutil.SameFileError</h3><p>This exception is raised if source and destination are the same file.</p><h2>Archiving operations</h2>${[
      entry('make_archive', 'Create an archive file, such as a zip or tar, and return its name.'),
      entry('unpack_archive', 'Unpack an archive into the extraction directory given.'),
    ].join('')}<h2>Querying the size of the output terminal</h2>${entry('get_terminal_size', 'Get the size of the terminal window.')}</article></body></html>`;
    const content = htmlToContent(html, 'https://docs.example/shutil');
    assert.ok(content.outline.some((section) => section.title === 'Directory and files operations' && section.text === ''));
    const map = (await createOfflineGenerator().mindmap({ sourceTitle: 'shutil', content, difficulty: 'medium' })).content;
    const branches = map.nodes.filter((node) => node.parentId === map.rootId).map((node) => node.label);
    assert.deepEqual(branches, ['Directory and files operations', 'Archiving operations', 'Querying the size of the output terminal']);
  });
});
