import { useSyncExternalStore } from 'react';

/** Who is typing in which room; entries fade after a few seconds without a new signal. */
const TYPING_TTL_MS = 6000;
let typing = new Map<number, { name: string; until: number }>();
const listeners = new Set<() => void>();

function emit() {
  typing = new Map(typing);
  for (const listener of listeners) listener();
}

export function setTyping(roomId: number, name: string, active: boolean) {
  if (active) typing.set(roomId, { name, until: Date.now() + TYPING_TTL_MS });
  else typing.delete(roomId);
  emit();
  if (active) {
    setTimeout(() => {
      const entry = typing.get(roomId);
      if (entry && entry.until <= Date.now()) {
        typing.delete(roomId);
        emit();
      }
    }, TYPING_TTL_MS + 50);
  }
}

export function clearTyping(roomId: number) {
  if (typing.has(roomId)) setTyping(roomId, '', false);
}

export function useTyping(roomId: number | null): string | null {
  const map = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => typing,
  );
  return roomId === null ? null : (map.get(roomId)?.name ?? null);
}
