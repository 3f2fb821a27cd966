import { TRACKING } from '@tradeloop/contracts/tracking';

/**
 * Active time on a page (issue 45, decision 051): time in which the person moves the pointer, scrolls,
 * clicks or types. Each activity keeps the page active for `idleAfterMs`; a page left alone stops counting
 * after that, and a hidden tab counts nothing. Pointer movement is sampled with spec section 9's constants:
 * a move counts when the pointer went at least `movementThreshold` (100) pixels from the last counted
 * point, at most once per `movementDebounceMs` (200 ms). Opening the page counts as activity.
 */
export const ACTIVE_IDLE_AFTER_MS = 30_000;

export class ActiveTime {
  private counted = 0;
  /** The current stretch of activity: when it began and when it ends unless something happens. */
  private stretch: { from: number; until: number } | null = null;
  private lastPoint: { x: number; y: number } | null = null;
  private lastMoveAt = Number.NEGATIVE_INFINITY;

  private readonly now: () => number;
  private readonly idleAfterMs: number;

  constructor(now: () => number, idleAfterMs = ACTIVE_IDLE_AFTER_MS, visible = true) {
    this.now = now;
    this.idleAfterMs = idleAfterMs;
    if (visible) this.activity();
  }

  /** A scroll, click or key press (or a counted pointer move). */
  activity() {
    const at = this.now();
    if (this.stretch && at <= this.stretch.until) {
      this.stretch.until = at + this.idleAfterMs;
      return;
    }
    this.close(at);
    this.stretch = { from: at, until: at + this.idleAfterMs };
  }

  /** A pointer position; counted as activity when it moved far enough, not too soon after the last one. */
  pointer(x: number, y: number) {
    const at = this.now();
    if (at - this.lastMoveAt < TRACKING.movementDebounceMs) return;
    if (this.lastPoint && Math.hypot(x - this.lastPoint.x, y - this.lastPoint.y) < TRACKING.movementThreshold) return;
    this.lastPoint = { x, y };
    this.lastMoveAt = at;
    this.activity();
  }

  /** The tab was hidden: the current stretch ends now. */
  hide() {
    this.close(this.now());
  }

  /** The tab is shown again: that is activity. */
  show() {
    this.activity();
  }

  /** The active milliseconds so far. */
  ms(): number {
    const at = this.now();
    const open = this.stretch ? Math.max(0, Math.min(at, this.stretch.until) - this.stretch.from) : 0;
    return this.counted + open;
  }

  private close(at: number) {
    if (!this.stretch) return;
    this.counted += Math.max(0, Math.min(at, this.stretch.until) - this.stretch.from);
    this.stretch = null;
  }
}
