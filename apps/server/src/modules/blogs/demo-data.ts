import { eq, like } from 'drizzle-orm';
import sharp from 'sharp';
import { DEMO_ACCOUNTS } from '@tradeloop/contracts/demo';
import { DEMO_OPERATOR_EMAIL } from '@tradeloop/contracts/market';
import type { BlogCategorySlug } from '@tradeloop/contracts/blogs';
import type { Db, Tx } from '../../db/client.ts';
import type { Storage } from '../../platform/storage.ts';
import { findPeople } from '../accounts/public.ts';
import { coverFiles, createPost, setPublished, storeCover, type BlogOwner } from './service.ts';
import { blogPosts } from './tables.ts';

/**
 * A few published posts (decision 046): the marketplace's own, by its operator, and the demo seller's, each with a
 * drawn cover of two colours. The covers' files are drawn when the server starts (ensureDemoBlogCovers), as the
 * products' pictures are; the posts hold their keys from the start.
 */
const POSTS: {
  by: 'operator' | 'seller';
  title: string;
  category: BlogCategorySlug;
  html: string;
  daysAgo: number;
  colours: [string, string];
}[] = [
  {
    by: 'operator',
    title: 'How to write a quote request suppliers answer the same day',
    category: 'trade-and-export',
    daysAgo: 12,
    colours: ['#0b3d60', '#1c7ed6'],
    html: `<p>A good <strong>request for quotation</strong> tells a supplier what you need, how many, and by when.</p>
<h2>Say what you need</h2><ul><li>The model number, or the drawing's key sizes</li><li>The quantity, and the quantity next year</li><li>The delivery terms (Incoterms) and port</li></ul>
<blockquote>Requests with a quantity and a date are answered twice as often.</blockquote>
<p>Then compare the offers side by side in <a href="https://tradeloop.example/enquiries">your enquiries</a>.</p>`,
  },
  {
    by: 'operator',
    title: 'Five trade fairs for industrial buyers in 2027',
    category: 'events',
    daysAgo: 5,
    colours: ['#5f3dc4', '#e64980'],
    html: `<p>Meeting suppliers in person is still the fastest way to judge a factory. Our picks for next year:</p>
<ol><li><strong>Hannover Messe</strong>, April: automation and energy</li><li><strong>IMTEX</strong>, Bengaluru, January: machine tools</li><li><strong>Canton Fair</strong>, Guangzhou, spring and autumn</li><li><strong>ACHEMA</strong>, Frankfurt: process industry</li><li><strong>Big 5</strong>, Dubai: construction</li></ol>
<p>Follow the suppliers you meet there to hear of their new products.</p>`,
  },
  {
    by: 'seller',
    title: 'Inside our Pune machine shop: from bar stock to finished shaft',
    category: 'manufacturing',
    daysAgo: 9,
    colours: ['#5c3c00', '#f08c00'],
    html: `<p>Every shaft we ship starts as a <em>bright bar</em> of EN8 or EN24 steel.</p>
<h2>Turning and grinding</h2><p>CNC turning centres bring it within 0.05 mm; cylindrical grinding finishes bearing seats to <code>h6</code>.</p>
<h3>Inspection</h3><ul><li>Every tenth part on the CMM</li><li>Hardness on each heat-treated batch</li></ul>
<p>Ask us for a sample lot through the product pages.</p>`,
  },
  {
    by: 'seller',
    title: 'Choosing a gearbox: five questions before you ask for a price',
    category: 'product-guides',
    daysAgo: 2,
    colours: ['#1b4332', '#2f9e44'],
    html: `<p>A gearbox that fits the motor but not the duty cycle fails early. Before you send a quote request, know:</p>
<ol><li>The input speed and power</li><li>The output torque at peak load</li><li>Hours a day, and starts an hour</li><li>The mounting position</li><li>The ambient temperature and dust</li></ol>
<blockquote>With these five numbers we answer with a model and a price the same day.</blockquote>`,
  },
];

export async function loadBlogsDemoData(tx: Tx) {
  const [seller] = await findPeople(tx, { email: DEMO_ACCOUNTS.seller });
  const [operator] = await findPeople(tx, { email: DEMO_OPERATOR_EMAIL });
  for (const post of POSTS) {
    const writer = post.by === 'operator' ? operator : seller;
    if (!writer) continue;
    const owner: BlogOwner = { companyId: post.by === 'operator' ? null : writer.companyId, userId: writer.id };
    const created = await createPost(tx, owner, { title: post.title, category: post.category, content: post.html });
    await setPublished(tx, owner, created.id, true);
    await tx
      .update(blogPosts)
      .set({ coverKey: `${COVER_PREFIX}${POSTS.indexOf(post) + 1}` })
      .where(eq(blogPosts.id, created.id));
    await backdate(tx, created.id, post.daysAgo);
  }
}

const COVER_PREFIX = 'demo/blogs/cover-';
const WIDTH = 1200;
const HEIGHT = 630;

/** Two colours and a few circles, without words: the post's title is printed beside its cover. */
function coverSvg([from, to]: [string, string], seed: number) {
  const circles = [0, 1, 2]
    .map((index) => {
      const x = 200 + ((seed * 331 + index * 397) % 900);
      const y = 120 + ((seed * 173 + index * 229) % 400);
      return `<circle cx="${x}" cy="${y}" r="${90 + index * 60}" fill="#ffffff" opacity="${0.08 + index * 0.03}"/>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#g)"/>${circles}
</svg>`;
}

/** Draws the demo posts' covers that are in the database but not in storage yet. */
export async function ensureDemoBlogCovers(db: Db, storage: Storage) {
  const rows = await db
    .select({ coverKey: blogPosts.coverKey })
    .from(blogPosts)
    .where(like(blogPosts.coverKey, `${COVER_PREFIX}%`));
  for (const { coverKey } of rows) {
    const number = Number(coverKey!.slice(COVER_PREFIX.length));
    const post = POSTS[number - 1];
    if (!post) continue;
    if (await storage.has(`${coverKey}/full.webp`)) continue;
    const svg = Buffer.from(coverSvg(post.colours, number));
    await storeCover(storage, coverKey!, await coverFiles(() => sharp(svg)));
  }
}

async function backdate(tx: Tx, id: number, daysAgo: number) {
  const at = new Date(Date.now() - daysAgo * 86_400_000);
  await tx.update(blogPosts).set({ publishedAt: at, createdAt: at, updatedAt: at }).where(eq(blogPosts.id, id));
}
