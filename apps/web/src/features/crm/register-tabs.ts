/**
 * The tabs and side panels that features plug into the record page (notes, files, tasks, meetings,
 * calls, e-mails, timeline, engagement; tags, lead status, score): each import registers its own
 * with the CRM's detail page. Side panels stand in the order they are registered, so the order of
 * these imports is the page's. The router loads this module together with the page.
 */
import './activities/register.ts';
import './notes/register.ts';
import './files/register.ts';
import './emails/register.ts';
import './tags/register.ts';
import './engagement/register.ts';
import './leads/register.ts';
import './scoring/register.ts';
import './timeline/register.ts';
