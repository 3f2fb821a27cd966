import { describe, expect, it } from 'vitest';
import { pageTemplate } from './ssr.ts';

/** The built index.html around a server-rendered page (decision 029). */
describe('pageTemplate', () => {
  const built = [
    '<html><head>',
    '    <script type="module" crossorigin src="/assets/index-a1.js"></script>',
    '    <link rel="stylesheet" crossorigin href="/assets/index-b2.css">',
    '    <link rel="modulepreload" crossorigin href="/assets/start-c3.js" data-app-module>',
    '    <link rel="modulepreload" crossorigin href="/assets/react-d4.js" data-app-module>',
    '</head><body><div id="root"></div>',
    '<noscript>TradeLoop needs JavaScript to run.</noscript>',
    '</body></html>',
  ].join('\n');

  it('keeps the entry and stylesheet but leaves out the app preloads, fetched after the first paint', () => {
    const { before } = pageTemplate(built);
    expect(before).toContain('<script type="module" crossorigin src="/assets/index-a1.js"></script>');
    expect(before).toContain('<link rel="stylesheet" crossorigin href="/assets/index-b2.css">');
    expect(before).not.toContain('modulepreload');
    expect(before.endsWith('</head><body><div id="root">')).toBe(true);
  });

  it('drops the note that the page needs JavaScript', () => {
    expect(pageTemplate(built).after).toBe('</div>\n</body></html>');
  });
});
