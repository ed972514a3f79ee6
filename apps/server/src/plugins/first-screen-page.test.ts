import { describe, expect, it } from 'vitest';
import {
  firstScreenAssets,
  jsonForScript,
  writeFirstScreen,
  type BuildManifest,
} from './first-screen-page.js';

const html = '<html><head><title></title></head><body><div id="root"></div></body></html>';

/** The JSON text of the answers element in a page. */
function answersText(page: string): string {
  const match = /<script type="application\/json" id="first-screen-answers">(.*?)<\/script>/s.exec(
    page,
  );
  if (!match) throw new Error('no answers element');
  return match[1]!;
}

describe('jsonForScript', () => {
  it('keeps a title with </script> and <!-- inside its element, and reads back the same', () => {
    const value = {
      title: '</script><script>alert(1)</script> <!-- & -->',
      line: 'a\u2028b\u2029c',
    };
    const text = jsonForScript(value);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(value);
  });
});

describe('writeFirstScreen', () => {
  it('writes the preloads and the answers into the head, the first picture at high priority', () => {
    const page = writeFirstScreen(html, {
      answers: { site: 'www-test', lang: 'zh', answers: { '/film/list?status=showing': [] } },
      pictures: ['/api/film/poster/a.svg', '/api/film/poster/b.svg?x=1&y="2"'],
      scripts: ['/assets/home-index-1.js'],
      styles: ['/assets/home-1.css'],
    });
    const head = page.slice(0, page.indexOf('</head>'));
    expect(head).toContain(
      '<link rel="preload" as="image" href="/api/film/poster/a.svg" fetchpriority="high">',
    );
    // Attributes escaped; only the first picture is at high priority.
    expect(head).toContain(
      '<link rel="preload" as="image" href="/api/film/poster/b.svg?x=1&amp;y=&quot;2&quot;">',
    );
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/home-index-1.js">');
    expect(head).toContain('<link rel="preload" as="style" crossorigin href="/assets/home-1.css">');
    expect(JSON.parse(answersText(page))).toEqual({
      site: 'www-test',
      lang: 'zh',
      answers: { '/film/list?status=showing': [] },
    });
  });

  it('cannot be broken out of by a film title', () => {
    const title = '</script><script>alert("x")</script>';
    const page = writeFirstScreen(html, {
      answers: { site: 's', lang: 'en', answers: { '/film/list?status=showing': { title } } },
      pictures: [],
      scripts: [],
      styles: [],
    });
    // One script element, and the title survives the round trip.
    expect(page.match(/<script/g)).toHaveLength(1);
    expect(page).not.toContain('alert("x")</script>');
    const carried = JSON.parse(answersText(page)) as {
      answers: Record<string, { title: string }>;
    };
    expect(carried.answers['/film/list?status=showing']!.title).toBe(title);
  });

  it('leaves the page as built when there is nothing to write', () => {
    expect(writeFirstScreen(html, { answers: null, pictures: [], scripts: [], styles: [] })).toBe(
      html,
    );
  });
});

describe('firstScreenAssets', () => {
  const manifest: BuildManifest = {
    'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_framework-1.js'] },
    '_framework-1.js': { file: 'assets/framework-1.js', css: ['assets/index-1.css'] },
    'src/app/routes/cinema-seat.tsx': {
      file: 'assets/cinema-seat-1.js',
      imports: ['_seat-picker-1.js', '_framework-1.js'],
    },
    '_seat-picker-1.js': {
      file: 'assets/seat-picker-1.js',
      imports: ['_framework-1.js'],
      css: ['assets/seat-picker-1.css', 'assets/index-1.css'],
    },
    '_first-screen-data-1.js': { file: 'assets/first-screen-data-1.js', name: 'first-screen-data' },
    'src/app/routes/home-index.tsx': { file: 'assets/home-index-1.js' },
  };

  it("names the page's chunks and styles beyond what index.html loads", () => {
    expect(firstScreenAssets(manifest, '/cinema/seat')).toEqual({
      scripts: [
        '/assets/cinema-seat-1.js',
        '/assets/seat-picker-1.js',
        '/assets/first-screen-data-1.js',
      ],
      styles: ['/assets/seat-picker-1.css'],
    });
    expect(firstScreenAssets(manifest, '/home/index').scripts).toEqual(['/assets/home-index-1.js']);
  });

  it('names nothing for other pages or without a manifest', () => {
    expect(firstScreenAssets(manifest, '/cinema/order')).toEqual({ scripts: [], styles: [] });
    expect(firstScreenAssets(null, '/cinema/seat')).toEqual({ scripts: [], styles: [] });
  });

  it('writes a rendered first screen in place of the spinner, with its title and language', () => {
    const built =
      '<html lang="zh-CN"><head><title></title></head><body><div id="root">\n' +
      '  <!--first-screen-->\n  <div class="centered"></div>\n  <!--/first-screen-->\n</div></body></html>';
    const page = writeFirstScreen(built, {
      answers: { site: 's', lang: 'en', answers: {} },
      pictures: [],
      scripts: [],
      styles: ['/assets/page.css'],
      rendered: { html: '<main>$&amp; Films</main>', title: 'Home - <Galaxy>', lang: 'en' },
    });
    expect(page).toContain('<html lang="en">');
    expect(page).toContain('<title>Home - &lt;Galaxy&gt;</title>');
    expect(page).toContain(
      '<div id="root" data-rendered-lang="en"><main>$&amp; Films</main></div>',
    );
    expect(page).not.toContain('centered');
    expect(page).toContain('<link rel="stylesheet" crossorigin href="/assets/page.css">');
  });

  it("fetches a rendered page's scripts after its styles and pictures", () => {
    const built =
      '<html><head><script type="module" crossorigin src="/assets/index-1.js"></script>' +
      '<link rel="modulepreload" crossorigin href="/assets/react-1.js"></head><body>' +
      '<div id="root"><!--first-screen--><!--/first-screen--></div></body></html>';
    const parts = {
      answers: null,
      pictures: ['/p.svg'],
      scripts: ['/assets/page-1.js'],
      styles: [],
    };
    const rendered = writeFirstScreen(built, {
      ...parts,
      rendered: { html: '<main></main>', title: 'T', lang: 'zh' },
    });
    expect(rendered).toContain(
      '<script type="module" fetchpriority="low" crossorigin src="/assets/index-1.js">',
    );
    expect(rendered.match(/<link rel="modulepreload" fetchpriority="low"/g)).toHaveLength(2);
    // Not rendered: the scripts are what draws the page, at their usual priority.
    expect(writeFirstScreen(built, parts)).not.toContain('fetchpriority="low"');
  });

  it('keeps the page as built when it has no place for a rendered first screen', () => {
    const page = writeFirstScreen(html, {
      answers: null,
      pictures: [],
      scripts: [],
      styles: ['/assets/page.css'],
      rendered: { html: '<main></main>', title: 'T', lang: 'zh' },
    });
    expect(page).not.toContain('<main>');
    expect(page).toContain('<link rel="preload" as="style" crossorigin href="/assets/page.css">');
  });
});
