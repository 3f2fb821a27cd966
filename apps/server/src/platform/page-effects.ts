import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * What rendering a public page counts (a product view, a search term, an ad's impression), recorded
 * so that a view served from the page cache counts it again (decision 050). A module counts as before
 * and calls `pageEffect` beside it; it registers how to count once more with `onPageEffect`.
 */
export type PageEffect = { name: string; args: unknown[] };
export type EffectReplay = (args: unknown[], request: FastifyRequest) => void;

declare module 'fastify' {
  interface FastifyInstance {
    pageEffects: Map<string, EffectReplay>;
  }
}

const recording = new AsyncLocalStorage<PageEffect[]>();

export function registerPageEffects(app: FastifyInstance) {
  app.decorate('pageEffects', new Map());
}

/** How effect `name` is counted again for a cached view (its request: the visitor's). */
export function onPageEffect(app: FastifyInstance, name: string, replay: EffectReplay) {
  app.pageEffects.set(name, replay);
}

/** Notes an effect of the page being rendered, if one is (nothing otherwise). */
export function pageEffect(name: string, args: unknown[]) {
  recording.getStore()?.push({ name, args });
}

/** Runs a render, answering what it counted beside its result. */
export async function recordingEffects<T>(render: () => Promise<T>): Promise<{ result: T; effects: PageEffect[] }> {
  const effects: PageEffect[] = [];
  const result = await recording.run(effects, render);
  return { result, effects };
}

/** Counts a cached page's effects for one more view. */
export function replayEffects(app: FastifyInstance, effects: PageEffect[], request: FastifyRequest) {
  for (const effect of effects) {
    try {
      app.pageEffects.get(effect.name)?.(effect.args, request);
    } catch (error) {
      request.log.warn({ err: error, effect: effect.name }, 'page effect not counted');
    }
  }
}
