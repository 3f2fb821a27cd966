/**
 * The CRM work tabs of the record page (notes, files, tasks, meetings, calls, e-mails, timeline):
 * each import registers its tab with the CRM's detail page. The router loads this module together
 * with the page.
 */
import './timeline/register.ts';
