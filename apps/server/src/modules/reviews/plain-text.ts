import sanitizeHtml from 'sanitize-html';

/**
 * Review texts are plain text (decision 045): markup is taken out on the way in (tags dropped, with the
 * content of script and style elements), so no consumer of the API can be handed a script or an event
 * handler, even one that forgets to render the text as text. What is left is the words as typed:
 * sanitize-html escapes `&`, `<`, `>` and `"` in text, which are turned back here; since turning them back
 * could make a tag of pieces (`<<b>img …>`), the pass repeats until nothing changes.
 */
function onePass(input: string): string {
  const stripped = sanitizeHtml(input, { allowedTags: [], allowedAttributes: {}, disallowedTagsMode: 'discard' });
  return stripped
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+\n/g, '\n')
    .trim();
}

export function plainText(input: string): string {
  let text = input;
  for (let pass = 0; pass < 10; pass += 1) {
    const next = onePass(text);
    if (next === text) return text;
    text = next;
  }
  return text;
}
