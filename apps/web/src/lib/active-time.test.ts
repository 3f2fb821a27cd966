import { describe, expect, it } from 'vitest';
import { TRACKING } from '@tradeloop/contracts/tracking';
import { ACTIVE_IDLE_AFTER_MS, ActiveTime } from './active-time.ts';

/** A clock the test moves by hand. */
function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, pass: (ms: number) => (now += ms) };
}

describe('ActiveTime', () => {
  it('does not count a tab left idle: ten minutes alone are the half minute after the last activity', () => {
    const time = clock();
    const meter = new ActiveTime(time.now);
    time.pass(10 * 60_000);
    expect(meter.ms()).toBe(ACTIVE_IDLE_AFTER_MS);
  });

  it('counts the time between activities, and nothing while the tab is hidden', () => {
    const time = clock();
    const meter = new ActiveTime(time.now);
    for (let i = 0; i < 6; i++) {
      time.pass(10_000);
      meter.activity(); // a scroll or a key every ten seconds for a minute
    }
    expect(meter.ms()).toBe(60_000);
    meter.hide();
    time.pass(20 * 60_000);
    expect(meter.ms()).toBe(60_000);
    meter.show();
    time.pass(5_000);
    expect(meter.ms()).toBe(65_000);
  });

  it('samples pointer movement with the spec’s threshold (100 px) and debounce (200 ms)', () => {
    const time = clock();
    const meter = new ActiveTime(time.now, ACTIVE_IDLE_AFTER_MS, false);
    meter.pointer(0, 0); // the first position counts
    time.pass(60_000);
    meter.pointer(TRACKING.movementThreshold - 1, 0); // too small a move
    expect(meter.ms()).toBe(ACTIVE_IDLE_AFTER_MS);
    time.pass(TRACKING.movementDebounceMs - 1);
    meter.pointer(500, 500); // far enough, but it is more than a minute on: a new stretch starts
    expect(meter.ms()).toBe(ACTIVE_IDLE_AFTER_MS);
    time.pass(10_000);
    meter.pointer(0, 0);
    time.pass(10);
    meter.pointer(800, 800); // within the debounce of the last counted move: ignored
    time.pass(TRACKING.movementDebounceMs);
    expect(meter.ms()).toBe(ACTIVE_IDLE_AFTER_MS + 10_000 + 10 + TRACKING.movementDebounceMs);
  });

  it('starts with nothing for a page opened in a hidden tab', () => {
    const time = clock();
    const meter = new ActiveTime(time.now, ACTIVE_IDLE_AFTER_MS, false);
    time.pass(5 * 60_000);
    expect(meter.ms()).toBe(0);
  });
});
