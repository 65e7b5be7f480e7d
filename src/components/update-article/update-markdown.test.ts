// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';

import { renderUpdateMarkdown } from './update-markdown';

/** Parses the rendered HTML as the browser would, to look for what must not be there. */
function render(source: string): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = renderUpdateMarkdown(source);
  return container;
}

function attributesOf(root: HTMLElement): string[] {
  return [...root.querySelectorAll('*')].flatMap((element) => [...element.attributes].map((attribute) => attribute.name));
}

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
    const link = root.querySelector('a');
    expect(link?.getAttribute('href')).toBe('https://example.org/a');
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('keeps same-site paths, fragments and mailto links', () => {
    const root = render('[a](/pricing) [b](#part) [c](mailto:news@accord.example)');
    expect([...root.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual(['/pricing', '#part', 'mailto:news@accord.example']);
  });

  it('strips script elements, inline or raw', () => {
    const root = render('Before\n\n<script>window.ran = true</script>\n\nAfter <script src="https://evil.example/x.js"></script>');
    expect(root.querySelector('script')).toBeNull();
    expect(root.innerHTML).not.toMatch(/script/i);
    expect(root.textContent).toContain('Before');
    expect(root.textContent).toContain('After');
  });

  it('strips event handler attributes', () => {
    const root = render('<img src="x" onerror="window.ran = true">\n\n<p onclick="alert(1)" onmouseover="alert(2)">Text</p>\n\n<a href="/x" onfocus="alert(3)">x</a>');
    expect(attributesOf(root).filter((name) => name.startsWith('on'))).toEqual([]);
    expect(root.innerHTML).not.toMatch(/onerror|onclick|onmouseover|onfocus/i);
    expect(root.textContent).toContain('Text');
  });

  it('never makes a javascript: link, however it is written', () => {
    const root = render(
      [
        '[plain](javascript:alert(1))',
        '[upper](JAVASCRIPT:alert(1))',
        '[entity](jav&#x61;script:alert(1))',
        '[spaced]( javascript:alert(1))',
        '<a href="javascript:alert(1)">raw</a>',
        '<a href="  javascript:alert(1)">raw spaced</a>',
        '<javascript:alert(1)>',
      ].join('\n\n'),
    );
    const values = [...root.querySelectorAll('*')].flatMap((element) => [...element.attributes].map((attribute) => attribute.value));
    expect(values.filter((value) => /script:/i.test(value))).toEqual([]);
    expect(root.querySelectorAll('a[href]')).toHaveLength(0);
  });

  it('drops data:, vbscript: and protocol-relative links', () => {
    const root = render(
      '[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==) <a href="data:text/html,<script>alert(1)</script>">raw</a> [vb](vbscript:msgbox) [other](//evil.example/x)',
    );
    const hrefs = [...root.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(hrefs.filter((href) => href !== null)).toEqual([]);
    expect(root.innerHTML).not.toMatch(/data:|vbscript:|evil\.example/i);
  });

  it('strips iframes, objects, embeds, forms, styles, SVG and images', () => {
    const root = render(
      [
        '<iframe src="https://evil.example"></iframe>',
        '<object data="x.swf"></object><embed src="x.swf">',
        '<form action="https://evil.example"><input name="password"><button>Go</button></form>',
        '<style>body { display: none }</style>',
        '<p style="position:fixed;inset:0">cover</p>',
        '<svg><script>alert(1)</script></svg>',
        '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
        '![tracker](https://evil.example/pixel.png)',
        '<meta http-equiv="refresh" content="0;url=https://evil.example">',
        '<base href="https://evil.example/">',
      ].join('\n\n'),
    );
    for (const tag of ['iframe', 'object', 'embed', 'form', 'input', 'button', 'style', 'svg', 'math', 'img', 'meta', 'base', 'script']) {
      expect(root.querySelector(tag), tag).toBeNull();
    }
    expect(attributesOf(root)).not.toContain('style');
    expect(root.textContent).toContain('cover');
  });

  it('keeps escaped markup as text', () => {
    const root = render('Write `<script>` in code, or &lt;b&gt; as text.');
    expect(root.querySelector('code')?.textContent).toBe('<script>');
    expect(root.querySelector('b')).toBeNull();
    expect(root.textContent).toContain('<b> as text');
  });
});
