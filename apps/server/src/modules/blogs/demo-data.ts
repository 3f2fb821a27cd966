import { eq } from 'drizzle-orm';
import { DEMO_ACCOUNTS } from '@tradeloop/contracts/demo';
import { DEMO_OPERATOR_EMAIL } from '@tradeloop/contracts/market';
import type { BlogCategorySlug } from '@tradeloop/contracts/blogs';
import type { Tx } from '../../db/client.ts';
import { findPeople } from '../accounts/people.ts';
import { createPost, setPublished, type BlogOwner } from './service.ts';
import { blogPosts } from './tables.ts';

/** A few published posts (decision 046): the marketplace's own, by its operator, and the demo seller's. */
const POSTS: { by: 'operator' | 'seller'; title: string; category: BlogCategorySlug; html: string; daysAgo: number }[] =
  [
    {
      by: 'operator',
      title: 'How to write a quote request suppliers answer the same day',
      category: 'trade-and-export',
      daysAgo: 12,
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
      html: `<p>Meeting suppliers in person is still the fastest way to judge a factory. Our picks for next year:</p>
<ol><li><strong>Hannover Messe</strong>, April: automation and energy</li><li><strong>IMTEX</strong>, Bengaluru, January: machine tools</li><li><strong>Canton Fair</strong>, Guangzhou, spring and autumn</li><li><strong>ACHEMA</strong>, Frankfurt: process industry</li><li><strong>Big 5</strong>, Dubai: construction</li></ol>
<p>Follow the suppliers you meet there to hear of their new products.</p>`,
    },
    {
      by: 'seller',
      title: 'Inside our Pune machine shop: from bar stock to finished shaft',
      category: 'manufacturing',
      daysAgo: 9,
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
    await backdate(tx, created.id, post.daysAgo);
  }
}

async function backdate(tx: Tx, id: number, daysAgo: number) {
  const at = new Date(Date.now() - daysAgo * 86_400_000);
  await tx.update(blogPosts).set({ publishedAt: at, createdAt: at, updatedAt: at }).where(eq(blogPosts.id, id));
}
