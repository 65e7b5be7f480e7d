import { describe, expect, it } from 'vitest';

import { parseArticle, parseInline, plainText, safeHref } from './article-markup';

describe('parseArticle', () => {
  it('reads paragraphs, headings and both kinds of list', () => {
    const blocks = parseArticle(
      [
        'First line of a paragraph',
        'that goes on here.',
        '',
        '## What changes',
        '- one',
        '- two',
        '  continued',
        '',
        '### Steps',
        '1. Apply',
        '2. Be verified',
        '',
        'Last.',
      ].join('\n'),
    );
    expect(blocks).toEqual([
      { kind: 'paragraph', content: [{ kind: 'text', text: 'First line of a paragraph that goes on here.' }] },
      { kind: 'heading', level: 2, content: [{ kind: 'text', text: 'What changes' }] },
      { kind: 'list', ordered: false, items: [[{ kind: 'text', text: 'one' }], [{ kind: 'text', text: 'two continued' }]] },
      { kind: 'heading', level: 3, content: [{ kind: 'text', text: 'Steps' }] },
      { kind: 'list', ordered: true, items: [[{ kind: 'text', text: 'Apply' }], [{ kind: 'text', text: 'Be verified' }]] },
      { kind: 'paragraph', content: [{ kind: 'text', text: 'Last.' }] },
    ]);
  });

  it('never makes a second h1: "#" is a section heading', () => {
    expect(parseArticle('# Title')).toEqual([{ kind: 'heading', level: 2, content: [{ kind: 'text', text: 'Title' }] }]);
  });

  it('ends a list where a paragraph starts after a blank line, and switches list kinds', () => {
    const blocks = parseArticle('- a\n1. b\n\ntext');
    expect(blocks.map((b) => b.kind)).toEqual(['list', 'list', 'paragraph']);
    expect(blocks.slice(0, 2).map((b) => (b.kind === 'list' ? b.ordered : null))).toEqual([false, true]);
  });

  it('accepts Windows line endings and ignores surrounding blank lines', () => {
    expect(parseArticle('\r\n\r\nOne\r\n\r\nTwo\r\n')).toHaveLength(2);
  });

  it('keeps HTML as text', () => {
    const [block] = parseArticle('<script>alert(1)</script> <b>bold</b>');
    expect(block).toEqual({ kind: 'paragraph', content: [{ kind: 'text', text: '<script>alert(1)</script> <b>bold</b>' }] });
  });
});

describe('parseInline', () => {
  it('reads bold, emphasis, code and links', () => {
    expect(parseInline('A **strong** and *soft* `code` [guide](/api-guide).')).toEqual([
      { kind: 'text', text: 'A ' },
      { kind: 'strong', children: [{ kind: 'text', text: 'strong' }] },
      { kind: 'text', text: ' and ' },
      { kind: 'emphasis', children: [{ kind: 'text', text: 'soft' }] },
      { kind: 'text', text: ' ' },
      { kind: 'code', text: 'code' },
      { kind: 'text', text: ' ' },
      { kind: 'link', href: '/api-guide', internal: true, children: [{ kind: 'text', text: 'guide' }] },
      { kind: 'text', text: '.' },
    ]);
  });

  it('makes links only of http(s), mailto and same-site paths; others stay as their text', () => {
    expect(parseInline('[site](https://veridis.example/x)')[0]).toMatchObject({ kind: 'link', internal: false });
    expect(parseInline('[mail](mailto:hello@accord.network)')[0]).toMatchObject({ kind: 'link', internal: false });
    for (const href of ['javascript:alert', 'JavaScript:alert', 'data:text/html,hi', '//evil.example', '/\\evil.example', 'vbscript:x']) {
      expect(parseInline(`[click](${href})`)).toEqual([{ kind: 'text', text: 'click' }]);
    }
    // Brackets the pattern does not accept are not a link at all.
    expect(parseInline('[click](javascript:alert(1))')).toEqual([{ kind: 'text', text: '[click](javascript:alert(1))' }]);
  });

  it('leaves a lone asterisk or an unclosed marker alone', () => {
    expect(plainText(parseInline('5 * 3 = 15 and **open'))).toBe('5 * 3 = 15 and **open');
  });
});

describe('safeHref', () => {
  it('tells internal paths from external addresses', () => {
    expect(safeHref('/news?update=x')).toEqual({ href: '/news?update=x', internal: true });
    expect(safeHref('https://a.example')).toEqual({ href: 'https://a.example', internal: false });
    expect(safeHref('ftp://a.example')).toBeNull();
    expect(safeHref('mailto:not-an-address')).toBeNull();
  });
});
