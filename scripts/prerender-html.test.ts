import { describe, expect, it } from 'vitest';

import { hoistEmotionStyles, htmlFileFor, injectPrerendered } from './prerender-html';

const shell = `<!doctype html>
<html lang="en">
  <head>
    <meta
      name="description"
      content="The site's description."
    />
    <title>Accord — the trust and acceptance network</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

describe('htmlFileFor', () => {
  it('puts the home page in index.html and every other page in <path>.html', () => {
    expect(htmlFileFor('/')).toBe('index.html');
    expect(htmlFileFor('/about')).toBe('about.html');
    expect(htmlFileFor('/use-cases/education')).toBe('use-cases/education.html');
  });

  it('refuses paths with parameters or that climb out of the build', () => {
    expect(() => htmlFileFor('/trust-registry/:id')).toThrow(/Cannot prerender/);
    expect(() => htmlFileFor('/../etc')).toThrow(/Cannot prerender/);
    expect(() => htmlFileFor('about')).toThrow(/Cannot prerender/);
  });
});

describe('hoistEmotionStyles', () => {
  it('gathers component styles into one tag listing every id, keeps global styles one tag each, and strips them from the markup', () => {
    const markup =
      '<style data-emotion="css-global abc">:root{--x:1}</style>' +
      '<style data-emotion="css a1">.css-a1{color:red}</style><p class="css-a1">One</p>' +
      '<style data-emotion="css b2 c3">.css-b2{margin:0}.css-c3{padding:0}</style><p class="css-b2 css-c3">Two</p>';
    const { markup: rest, head } = hoistEmotionStyles(markup);
    expect(rest).toBe('<p class="css-a1">One</p><p class="css-b2 css-c3">Two</p>');
    expect(head).toBe(
      '<style data-emotion="css-global abc">:root{--x:1}</style>' +
        '<style data-emotion="css a1 b2 c3">.css-a1{color:red}.css-b2{margin:0}.css-c3{padding:0}</style>',
    );
  });

  it('leaves markup without styles alone', () => {
    expect(hoistEmotionStyles('<main>Hi</main>')).toEqual({ markup: '<main>Hi</main>', head: '' });
  });
});

describe('injectPrerendered', () => {
  it('writes the title, the description, the styles in <head> and the markup into #root, marked with its path', () => {
    const html = injectPrerendered(shell, {
      path: '/pricing',
      html: '<style data-emotion="css p1">.css-p1{}</style><h1 class="css-p1">Pricing</h1>',
      title: 'Pricing — Accord',
      description: 'Plans & "prices" <in euros>',
    });
    expect(html).toContain('<title>Pricing — Accord</title>');
    expect(html).toContain('<meta name="description" content="Plans &amp; &quot;prices&quot; &lt;in euros&gt;" />');
    expect(html).not.toContain("The site's description.");
    expect(html).toContain('<style data-emotion="css p1">.css-p1{}</style></head>');
    expect(html).toContain('<div id="root" data-prerendered="/pricing"><h1 class="css-p1">Pricing</h1></div>');
  });

  it("keeps the site's description when the page sets none", () => {
    const html = injectPrerendered(shell, { path: '/', html: '<h1>Home</h1>', title: 'Home — Accord', description: null });
    expect(html).toContain('content="The site\'s description."');
  });

  it('fails loudly when the built shell has no empty #root', () => {
    expect(() =>
      injectPrerendered(shell.replace('<div id="root"></div>', '<div id="app"></div>'), {
        path: '/',
        html: '',
        title: 'Home — Accord',
        description: null,
      }),
    ).toThrow(/empty #root/);
  });
});
