import { describe, expect, it } from 'vitest';
import { cleanEmailHtml, emailText, textEmailHtml } from './html.ts';

describe('e-mail HTML', () => {
  it('makes plain text paragraphs and line breaks, every character shown as typed', () => {
    const html = textEmailHtml('Dear <b>Ana</b> & team,\nthanks.\n\n  Regards,\nAuto Pumps \n');
    expect(html).toBe('<p>Dear &lt;b&gt;Ana&lt;/b&gt; &amp; team,<br />thanks.</p><p>Regards,<br />Auto Pumps</p>');
    // What the editor's cleaning keeps, and read back as the same text.
    expect(cleanEmailHtml(html)).toBe(html);
    expect(emailText(html)).toBe('Dear <b>Ana</b> & team,\nthanks.\n\nRegards,\nAuto Pumps');
  });
});
