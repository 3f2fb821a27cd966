import { describe, expect, it } from 'vitest';
import { clickLabel, pageLabel } from './tracking.ts';

describe('engagement labels', () => {
  it('names recorded pages as people read them, not by route name', () => {
    expect(pageLabel('productdetail')).toBe('Product page');
    expect(pageLabel('home')).toBe('Home');
    expect(pageLabel('buying-requests')).toBe('Buying requests');
    expect(pageLabel(null)).toBe('Page');
  });

  it('names tracked clicks as people read them, not by their ids', () => {
    expect(clickLabel('getQuoteButton')).toBe('Get a quote');
    expect(clickLabel('chat-now')).toBe('Chat now');
    expect(clickLabel('mini-site-nav-about-us')).toBe('Mini site nav about us');
    expect(clickLabel('someOtherButton')).toBe('Some other button');
  });
});
