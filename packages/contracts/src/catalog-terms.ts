/** Text rules shared by attributes, specifications and the calculator. */

/** "Spaces in a new term name become underscores" (spec section 5): attribute names are also calculator variables. */
export function termName(name: string): string {
  return name.trim().replace(/\s+/g, '_');
}

/** How a term reads on screen: underscores shown as spaces. */
export function termLabel(name: string): string {
  return name.replace(/_/g, ' ');
}

/** Index of the first repeated entry (case and surrounding spaces ignored), or -1. */
export function firstDuplicate(values: readonly string[]): number {
  const seen = new Set<string>();
  for (const [index, value] of values.entries()) {
    const key = value.trim().toLowerCase();
    if (seen.has(key)) return index;
    seen.add(key);
  }
  return -1;
}
