/**
 * The CRM work tabs of the record page (notes, files, tasks, meetings, calls, e-mails, timeline):
 * each import registers its tab with the CRM's detail page. The router loads this module together
 * with the page.
 */
import './activities/register.ts';
import './content-register.ts';
import './engagement/register.ts';
import './leads/register.ts';
import './scoring/register.ts';
import './timeline/register.ts';
