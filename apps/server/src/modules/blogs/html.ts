import sanitizeHtml from 'sanitize-html';
import { BLOG_LIMITS } from '@tradeloop/contracts/blogs';
import { UPLOADS_PATH } from '../../platform/storage.ts';

/**
 * The HTML of a blog post (decision 046): only what the editor makes is kept — paragraphs, headings
 * (a post's h1 becomes h2: the page has its own), emphasis, lists, quotes, code, rules, links to web
 * or mail addresses (opened in a new tab, `noopener noreferrer nofollow`) and pictures stored by
 * TradeLoop itself. No attribute of style, class or event, no script, frame, form or SVG survives.
 */

/** A picture of our own storage: /uploads/ and a storage key (no `..`, no `//`, no backslash). */
const OWN_PICTURE = new RegExp(`^${UPLOADS_PATH}[a-z0-9][a-z0-9._-]*(/[a-z0-9][a-z0-9._-]*)*\\.(webp|png|jpe?g)$`);
export const isOwnPicture = (src: string) => OWN_PICTURE.test(src) && !src.includes('..');

const POST_HTML: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h2',
    'h3',
    'h4',
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
    'code',
    'pre',
    'hr',
    'img',
  ],
  allowedAttributes: { a: ['href', 'target', 'rel'], img: ['src', 'alt'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    h1: 'h2',
    h5: 'h4',
    h6: 'h4',
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' },
    }),
  },
  exclusiveFilter: (frame) => {
    if (frame.tag === 'img') return !isOwnPicture(frame.attribs.src ?? '');
    // A link left without an address (its javascript: or data: one was removed) is text, not a link.
    return false;
  },
};

/** The post as it is stored and served: sanitized, trimmed. */
export function cleanPostHtml(html: string): string {
  return sanitizeHtml(html, POST_HTML)
    .replace(/<a target="_blank" rel="noopener noreferrer nofollow">/g, '<a>')
    .trim();
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** The post's text without markup, blocks separated by spaces. */
export function postText(cleanHtml: string): string {
  const spaced = cleanHtml.replace(/<\/(p|h[2-4]|li|blockquote|pre)>|<br\s*\/?>/gi, ' ');
  return sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} })
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name])
    .replace(/\s+/g, ' ')
    .trim();
}

/** The first words of the post, for lists and descriptions. */
export function excerptOf(cleanHtml: string, max: number = BLOG_LIMITS.excerptMax): string {
  const text = postText(cleanHtml);
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
