import type { FastifyInstance } from 'fastify';

/**
 * Demo pictures are drawn in the background once the server is ready: a slow machine must not hold the start
 * past Fastify's timeout. Closing tells the drawing to stop (`closing()`) and waits for the picture under way,
 * so no file is written into a removed folder. A failed drawing is logged; the demo works without pictures.
 */
export function drawDemoPicturesWhenReady(
  fastify: FastifyInstance,
  enabled: boolean,
  what: string,
  draw: (closing: () => boolean) => Promise<void>,
) {
  let drawing: Promise<void> = Promise.resolve();
  let closing = false;
  fastify.addHook('onReady', async () => {
    if (!enabled) return;
    drawing = draw(() => closing).catch((error: unknown) =>
      fastify.log.warn({ err: error }, `${what} could not be drawn`),
    );
  });
  fastify.addHook('onClose', () => {
    closing = true;
    return drawing;
  });
}
