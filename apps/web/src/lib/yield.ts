/**
 * Ends the current task and goes on in a new one, so the browser can paint and answer input in
 * between: the app starts in steps of its own rather than one long task (decision 029).
 */
export function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
