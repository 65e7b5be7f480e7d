import { describe, expect, it } from 'vitest';

import {
  APP_LOADER_SCRIPT,
  hoistEmotionStyles,
  htmlFileFor,
  injectPrerendered,
  loadScriptsAfterPaint,
  REFLECT_ADDRESS_IN_SEARCH,
} from './prerender-html';
import { shell } from './prerender-html.fixtures';

/** The loader a page ends with: its code, and the data- attributes it reads through document.currentScript. */
function loaderIn(html: string): { code: string; dataset: Record<string, string> } {
  const match = /<script((?: data-[a-z]+="[^"]*")+)>([\s\S]*)<\/script><\/body>/.exec(html);
  if (!match) throw new Error('No loader at the end of <body>');
  const dataset = Object.fromEntries(
    [...match[1]!.matchAll(/ data-([a-z]+)="([^"]*)"/g)].map(([, name, value]) => [name!, value!.replace(/&quot;/g, '"').replace(/&amp;/g, '&')]),
  );
  return { code: match[2]!, dataset };
}

/** Runs the loader as a browser would, against the given stand-ins. */
function runLoader(
  html: string,
  document: Record<string, unknown>,
  requestAnimationFrame: (callback: () => void) => void,
  setTimeout: (callback: () => void) => void,
) {
  const { code, dataset } = loaderIn(html);
  new Function('document', 'requestAnimationFrame', 'setTimeout', code)(
    { ...document, currentScript: { dataset } },
    requestAnimationFrame,
    setTimeout,
  );
}


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
  it('gathers global styles into one tag and component styles into another listing every id, in attributes Emotion leaves alone', () => {
    const markup =
      '<style data-emotion="css-global l1">@layer reset, base;</style>' +
      '<style data-emotion="css-global abc">:root{--x:1}</style>' +
      '<style data-emotion="css a1">.css-a1{color:red}</style><p class="css-a1">One</p>' +
      '<style data-emotion="css b2 c3">.css-b2{margin:0}.css-c3{padding:0}</style><p class="css-b2 css-c3">Two</p>';
    const { markup: rest, head } = hoistEmotionStyles(markup);
    expect(rest).toBe('<p class="css-a1">One</p><p class="css-b2 css-c3">Two</p>');
    expect(head).toBe(
      '<style data-prerendered-styles="global">@layer reset, base;:root{--x:1}</style>' +
        '<style data-prerendered-styles="css a1 b2 c3">.css-a1{color:red}.css-b2{margin:0}.css-c3{padding:0}</style>',
    );
    expect(head).not.toContain('data-emotion');
  });

  it('leaves markup without styles alone', () => {
    expect(hoistEmotionStyles('<main>Hi</main>')).toEqual({ markup: '<main>Hi</main>', head: '' });
  });
});

describe('loadScriptsAfterPaint', () => {
  it('takes the entry script and its preloads out of <head> and has an inline loader at the end of <body> add them', () => {
    const html = loadScriptsAfterPaint(shell);
    expect(html).not.toMatch(/<script type="module"|<link rel="modulepreload"/);
    const loader = loaderIn(html);
    expect(loader.dataset).toEqual({ entry: '/assets/index-a1.js', preloads: '["/assets/react-b2.js","/assets/router-c3.js"]', later: '[]' });
  });

  it('has the same code on every page, so one hash in the Content-Security-Policy allows it', () => {
    const one = loaderIn(loadScriptsAfterPaint(shell, ['/assets/about-d4.js']));
    const other = loaderIn(loadScriptsAfterPaint(shell, ['/assets/pricing-e5.js', '/assets/table-f6.js']));
    expect(one.code).toBe(APP_LOADER_SCRIPT);
    expect(other.code).toBe(APP_LOADER_SCRIPT);
    expect(one.dataset.later).toBe('[["/assets/about-d4.js"]]');
  });

  it('has the loader add the preloads and then the entry once, after the first frame', () => {
    const added: { tag: string; rel?: string; type?: string; href?: string; src?: string }[] = [];
    const frames: (() => void)[] = [];
    const timers: (() => void)[] = [];
    const document = {
      createElement: (tag: string) => ({ tag }),
      head: { appendChild: (element: (typeof added)[number]) => added.push(element) },
    };
    runLoader(
      loadScriptsAfterPaint(shell),
      document,
      (callback: () => void) => frames.push(callback),
      (callback: () => void) => timers.push(callback),
    );
    expect(added).toEqual([]);
    // Nothing until the frame has been drawn: the frame schedules a task, which loads.
    frames.forEach((frame) => frame());
    expect(added).toEqual([]);
    timers.forEach((timer) => timer());
    expect(added).toEqual([
      { tag: 'link', rel: 'modulepreload', crossOrigin: '', href: '/assets/react-b2.js' },
      { tag: 'link', rel: 'modulepreload', crossOrigin: '', href: '/assets/router-c3.js' },
      { tag: 'script', type: 'module', crossOrigin: '', src: '/assets/index-a1.js' },
    ]);
    // The background-tab timeout, or the frame's, whichever comes second, adds nothing more.
    timers.forEach((timer) => timer());
    expect(added).toHaveLength(3);
  });

  it("then asks for the page's own chunks, a few per task, leaving out what the entry already loads", () => {
    const added: string[] = [];
    const timers: (() => void)[] = [];
    const document = {
      createElement: () => ({}),
      head: { appendChild: (element: { href?: string; src?: string }) => added.push(element.href ?? element.src ?? '') },
    };
    const chunks = Array.from({ length: 8 }, (_, index) => `/assets/page-${index}.js`);
    const html = loadScriptsAfterPaint(shell, ['/assets/index-a1.js', '/assets/react-b2.js', ...chunks]);
    runLoader(
      html,
      document,
      (callback: () => void) => callback(),
      (callback: () => void) => timers.push(callback),
    );
    timers.shift()!(); // the frame's timeout: the entry and its preloads, then the page's chunks queued
    expect(added).toEqual(['/assets/react-b2.js', '/assets/router-c3.js', '/assets/index-a1.js']);
    timers.shift()!(); // the background-tab timeout does nothing now
    timers.shift()!();
    expect(added.slice(3)).toEqual(chunks.slice(0, 6));
    timers.shift()!();
    expect(added.slice(3)).toEqual(chunks);
    expect(timers).toEqual([]);
  });

  it('fails loudly unless the built shell has exactly one entry script', () => {
    expect(() => loadScriptsAfterPaint(shell.replace(/<script type="module"[^>]*><\/script>/, ''))).toThrow(/0 module scripts/);
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
    expect(html).toContain('<style data-prerendered-styles="css p1">.css-p1{}</style></head>');
    expect(html).toContain('<div id="root" data-prerendered="/pricing"><h1 class="css-p1">Pricing</h1></div>');
    // A page without a search form does without the script that fills one.
    expect(html).not.toContain(REFLECT_ADDRESS_IN_SEARCH);
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
