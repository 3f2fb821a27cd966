import sanitizeHtml from 'sanitize-html';
import { escapeHtml } from '../../../platform/web.ts';

/**
 * The HTML of an e-mail written in the rich-text editor: only the markup the editor makes is kept
 * (paragraphs, headings, emphasis, lists, quotes, code and links to web or mail addresses), so
 * neither the recipient nor a colleague reading the copy can be given a script.
 */
const EMAIL_HTML: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'a',
    'ul',
    'ol',
    'li',
    'blockquote',
    'h1',
    'h2',
    'h3',
    'h4',
    'code',
    'pre',
    'hr',
  ],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' },
    }),
  },
};

export function cleanEmailHtml(html: string): string {
  return sanitizeHtml(html, EMAIL_HTML).trim();
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** The plain-text part of an e-mail: its clean HTML with blocks as lines and links spelled out. */
export function emailText(cleanHtml: string): string {
  const lines = cleanHtml
    .replace(/<a [^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/gi, (_, href: string, label: string) =>
      label.includes(href) ? label : `${label} (${href})`,
    )
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li>/gi, '\n• ')
    .replace(/<\/(p|h[1-4]|blockquote|pre|ul|ol)>/gi, '\n\n');
  return sanitizeHtml(lines, { allowedTags: [], allowedAttributes: {} })
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name])
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Plain text as e-mail HTML: its blank-line-separated parts as paragraphs, its other line breaks kept. */
export function textEmailHtml(text: string): string {
  return text
    .trim()
    .split(/\n\s*\n/)
    .map((part) => `<p>${escapeHtml(part.trim()).replace(/\n/g, '<br />')}</p>`)
    .join('');
}
