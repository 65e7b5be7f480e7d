// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';

import { renderUpdateMarkdown, sanitizeUpdateHtml } from './update-markdown';

/** Parses HTML as the browser would, to look for what must not be there. */
function parse(html: string): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = html;
  return container;
}

const render = (source: string) => parse(renderUpdateMarkdown(source));
const sanitize = (html: string) => parse(sanitizeUpdateHtml(html));

function attributesOf(root: HTMLElement): { name: string; value: string }[] {
  return [...root.querySelectorAll('*')].flatMap((element) => [...element.attributes].map(({ name, value }) => ({ name, value })));
}

const DANGEROUS_TAGS = ['script', 'iframe', 'object', 'embed', 'form', 'input', 'button', 'style', 'svg', 'math', 'img', 'meta', 'base', 'link'];

describe('sanitizeUpdateHtml (the second layer: whatever HTML reaches it)', () => {
  it('strips script elements', () => {
    const root = sanitize('<p>Before</p><script>window.ran = true</script><p>After <script src="https://evil.example/x.js"></script></p>');
    expect(root.querySelector('script')).toBeNull();
    expect(root.innerHTML).not.toMatch(/script|evil/i);
    expect(root.textContent).toBe('BeforeAfter ');
  });

  it('strips event handler attributes', () => {
    const root = sanitize('<p onclick="alert(1)" onmouseover="alert(2)">Text</p><a href="/x" onfocus="alert(3)">x</a><img src="x" onerror="alert(4)">');
    expect(attributesOf(root).filter(({ name }) => name.startsWith('on'))).toEqual([]);
    expect(root.textContent).toContain('Text');
  });

  it('never keeps a javascript: link, however it is written', () => {
    const root = sanitize(
      ['javascript:alert(1)', 'JAVASCRIPT:alert(1)', '  javascript:alert(1)', 'java&#x09;script:alert(1)', 'jav&#x61;script:alert(1)', '&#106;avascript:alert(1)']
        .map((href) => `<a href="${href}">link</a>`)
        .join(''),
    );
    expect(root.querySelectorAll('a')).toHaveLength(6);
    expect(attributesOf(root)).toEqual([]);
  });

  it('drops data:, vbscript: and protocol-relative links', () => {
    const root = sanitize(
      '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">a</a><a href="data:text/html,<script>alert(1)</script>">b</a><a href="vbscript:msgbox">c</a><a href="//evil.example/x">d</a>',
    );
    expect(attributesOf(root)).toEqual([]);
  });

  it('strips iframes, objects, embeds, forms, styles, SVG, MathML, images, meta and base', () => {
    const root = sanitize(
      [
        '<iframe src="https://evil.example"></iframe>',
        '<object data="x.swf"></object><embed src="x.swf">',
        '<form action="https://evil.example"><input name="password"><button>Go</button></form>',
        '<style>body { display: none }</style><link rel="stylesheet" href="https://evil.example/x.css">',
        '<p style="position:fixed;inset:0">cover</p>',
        '<svg><script>alert(1)</script></svg>',
        '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
        '<img src="https://evil.example/pixel.png">',
        '<meta http-equiv="refresh" content="0;url=https://evil.example"><base href="https://evil.example/">',
      ].join(''),
    );
    for (const tag of DANGEROUS_TAGS) expect(root.querySelector(tag), tag).toBeNull();
    expect(attributesOf(root)).toEqual([]);
    expect(root.textContent).toContain('cover');
  });

  it('keeps the links an update may have, and marks other sites’ links noopener', () => {
    const root = sanitize('<a href="https://example.org/a">a</a><a href="/pricing">b</a><a href="#part">c</a><a href="mailto:news@accord.example">d</a>');
    expect([...root.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      'https://example.org/a',
      '/pricing',
      '#part',
      'mailto:news@accord.example',
    ]);
    expect(root.querySelector('a')?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(root.querySelectorAll('a')[1]?.getAttribute('rel')).toBeNull();
  });
});

describe('renderUpdateMarkdown', () => {
  it('renders the Markdown editors write: headings under the title, lists, emphasis, code, links', () => {
    const root = render('# Launch\n\n## Details\n\nA **bold** and *quiet* `code` [link](https://example.org/a).\n\n- one\n- two\n\n1. first');
    expect(root.querySelector('h1')).toBeNull();
    expect([...root.querySelectorAll('h2')].map((h) => h.textContent)).toEqual(['Launch', 'Details']);
    expect(root.querySelector('strong')?.textContent).toBe('bold');
    expect(root.querySelector('em')?.textContent).toBe('quiet');
    expect(root.querySelector('code')?.textContent).toBe('code');
    expect(root.querySelectorAll('ul li')).toHaveLength(2);
    expect(root.querySelectorAll('ol li')).toHaveLength(1);
    expect(root.querySelector('a')?.getAttribute('href')).toBe('https://example.org/a');
  });

  it('shows HTML written in the Markdown as text: no script, handler, iframe or image becomes an element', () => {
    const source = [
      'Before',
      '<script>window.ran = true</script>',
      'Inline <img src="x" onerror="window.ran = true"> and <b onclick="alert(1)">bold</b>',
      '<iframe src="https://evil.example"></iframe>',
      '<a href="javascript:alert(1)">raw</a>',
    ].join('\n\n');
    const root = render(source);
    for (const tag of [...DANGEROUS_TAGS, 'b']) expect(root.querySelector(tag), tag).toBeNull();
    expect(root.querySelectorAll('a')).toHaveLength(0);
    expect(attributesOf(root)).toEqual([]);
    expect(root.textContent).toContain('<script>window.ran = true</script>');
    expect(root.textContent).toContain('<img src="x" onerror="window.ran = true">');
  });

  it('never makes a javascript:, data: or vbscript: link from Markdown links', () => {
    const root = render(
      [
        '[plain](javascript:alert(1))',
        '[upper](JAVASCRIPT:alert(1))',
        '[entity](jav&#x61;script:alert(1))',
        '[angle](<javascript:alert(1)>)',
        '<javascript:alert(1)>',
        '[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
        '[vb](vbscript:msgbox)',
        '[ref][r]\n\n[r]: javascript:alert(1)',
      ].join('\n\n'),
    );
    expect(attributesOf(root).filter(({ name }) => name === 'href')).toEqual([]);
  });

  it('keeps escaped markup and code as text', () => {
    const root = render('Write `<script>` in code, or &lt;b&gt; as text.\n\n```\n<script>alert(1)</script>\n```');
    expect(root.querySelector('code')?.textContent).toBe('<script>');
    expect(root.querySelector('pre code')?.textContent).toBe('<script>alert(1)</script>\n');
    expect(root.querySelector('script')).toBeNull();
    expect(root.textContent).toContain('<b> as text');
  });
});
