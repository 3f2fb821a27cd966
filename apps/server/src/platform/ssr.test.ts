import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { oncePerPage, pageTemplate } from './ssr.ts';

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

describe('oncePerPage', () => {
  const counting = () => {
    let reads = 0;
    return { read: async () => ++reads, reads: () => reads };
  };

  it('reads once for a page’s head and its render, and again for another page or another key', async () => {
    const page = {} as FastifyRequest;
    const other = {} as FastifyRequest;
    const { read, reads } = counting();
    expect(await oncePerPage('product-page:7:1:null', read, page)).toBe(1);
    expect(await oncePerPage('product-page:7:1:null', read, page)).toBe(1);
    expect(await oncePerPage('product-page:7:2:null', read, page)).toBe(2);
    expect(await oncePerPage('product-page:7:1:null', read, other)).toBe(3);
    expect(reads()).toBe(3);
  });

  it('reads every time outside a page', async () => {
    const { read, reads } = counting();
    await oncePerPage('product-page:7:1:null', read);
    await oncePerPage('product-page:7:1:null', read);
    expect(reads()).toBe(2);
  });
});
