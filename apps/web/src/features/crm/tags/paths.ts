/** The company's tags: create them, see how many records carry each, delete several at once. */
export const TAGS_PATH = '/crm/tags';
