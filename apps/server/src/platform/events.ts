import { EventEmitter } from 'node:events';

/**
 * Named cross-module events. A module that reacts to another's work subscribes here,
 * so every link between domains is visible in this one map.
 */
export type DomainEvents = {
  'user.signed_up': { userId: number; userType: 'seller' | 'others'; companyId: number | null };
};

export type EventBus = {
  emit<K extends keyof DomainEvents>(name: K, payload: DomainEvents[K]): Promise<void>;
  on<K extends keyof DomainEvents>(name: K, handler: (payload: DomainEvents[K]) => Promise<void> | void): void;
};

export function createEventBus(onError: (name: string, error: unknown) => void): EventBus {
  const emitter = new EventEmitter();
  return {
    async emit(name, payload) {
      const handlers = emitter.listeners(name) as ((payload: unknown) => Promise<void> | void)[];
      for (const handler of handlers) {
        try {
          await handler(payload);
        } catch (error) {
          onError(name, error);
        }
      }
    },
    on(name, handler) {
      emitter.on(name, handler);
    },
  };
}
