import type { SitePageSlug } from '@tradeloop/contracts/site-pages';

/**
 * What each site page says until the platform operator writes its own (decision 051): a starting text
 * an installation can publish as it is, in the editor's markup.
 */
export const DEFAULT_SITE_PAGES: Record<SitePageSlug, { title: string; description: string; content: string }> = {
  about: {
    title: 'About TradeLoop',
    description:
      'TradeLoop is a B2B trade marketplace with a sales CRM built into every seller’s account: buyers find suppliers, sellers close the loop.',
    content: `<p>TradeLoop brings business buyers and sellers together: manufacturers, distributors, wholesalers, agents and retailers list their products, and buyers from every country find them, request quotes and chat.</p>
<h2>One product, one account, one loop</h2>
<p>Every seller’s account includes a sales CRM. A buyer’s quote request, chat and browsing arrive there as a lead with its history and score, so no enquiry is lost between the marketplace and the sales team.</p>
<h2>What we stand for</h2>
<ul><li><strong>Verified suppliers.</strong> The platform team checks sellers before they carry the verified mark.</li><li><strong>Honest reviews.</strong> Only buyers who traded with a seller can review them.</li><li><strong>Your data is yours.</strong> Sellers export their products and leads at any time.</li></ul>`,
  },
  terms: {
    title: 'Terms of use',
    description: 'The terms that apply to everyone who uses the TradeLoop marketplace and its CRM.',
    content: `<p>These terms apply to everyone who uses TradeLoop. By creating an account or using the marketplace you accept them.</p>
<h2>Accounts</h2>
<p>You keep your password to yourself and tell us at once if someone else used your account. A company is responsible for what its sub-users do.</p>
<h2>Listings and quotes</h2>
<p>Sellers list only products they can supply, at the prices and terms they state. A quote request is an invitation to trade, not a contract; the buyer and the seller agree their contract between them.</p>
<h2>Conduct</h2>
<ul><li>No misleading, counterfeit or prohibited goods.</li><li>No spam, scraping or attempts to break the service.</li><li>Reviews describe a real trade, honestly.</li></ul>
<h2>Ending</h2>
<p>You may delete your account at any time. We may suspend an account that breaks these terms, and tell its owner why.</p>`,
  },
  privacy: {
    title: 'Privacy policy',
    description: 'What TradeLoop records about you, why, how long it keeps it and how you control it.',
    content: `<p>This policy says what TradeLoop records, why, and what you can do about it.</p>
<h2>What we record</h2>
<ul><li>Your account: name, e-mail address, mobile number, company and profile details.</li><li>What you do on the marketplace: pages viewed, clicks and scrolls, quote requests and messages, so sellers can answer buyers and buyers find relevant products.</li><li>Technical data: your address and browser, to keep the service secure.</li></ul>
<h2>Who sees it</h2>
<p>A seller sees what a buyer sends them and the buyer’s activity on that seller’s products. We never sell personal data.</p>
<h2>Your choices</h2>
<p>You can correct your profile, export your data and delete your account from your profile at any time. Write to us through the contact page with any question.</p>`,
  },
  help: {
    title: 'Help',
    description: 'Answers to the questions buyers and sellers ask most about TradeLoop.',
    content: `<h2>For buyers</h2>
<p><strong>How do I request a quote?</strong> Open a product, choose the quantity and press “Get quote”. The seller answers in the chat and by e-mail.</p>
<p><strong>How do I find suppliers in a category?</strong> Open a category from the home page or the menu; filter by country, company type and price.</p>
<h2>For sellers</h2>
<p><strong>How do I list products?</strong> Go to your products and add them one by one or import a CSV file.</p>
<p><strong>Where do enquiries go?</strong> Every quote request and chat becomes a lead in your CRM, with its history.</p>
<h2>Your account</h2>
<p><strong>I forgot my password.</strong> Use “Forgot your password?” on the sign-in page: we e-mail you a link that works once, within an hour.</p>`,
  },
  contact: {
    title: 'Contact us',
    description: 'How to reach the TradeLoop team for support, partnerships and press.',
    content: `<p>We answer every message within one working day.</p>
<ul><li><strong>Support:</strong> <a href="mailto:support@tradeloop.example">support@tradeloop.example</a></li><li><strong>Partnerships:</strong> <a href="mailto:partners@tradeloop.example">partners@tradeloop.example</a></li><li><strong>Press:</strong> <a href="mailto:press@tradeloop.example">press@tradeloop.example</a></li></ul>
<p>Signed-in buyers and sellers can also chat with us from their dashboard.</p>`,
  },
};
