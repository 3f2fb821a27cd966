import { useState } from 'react';

const KEY = 'chatTranslateTo';

function initial(): string {
  try {
    const stored = localStorage.getItem(KEY);
    if (stored) return stored;
  } catch {
    // Storage may be unavailable (private mode); the browser language is a fine default.
  }
  return (navigator.language || 'en').slice(0, 2).toLowerCase();
}

/** The language messages are translated into: chosen once, remembered in this browser. */
export function useTranslateTo(): [string, (language: string) => void] {
  const [language, setLanguage] = useState(initial);
  const choose = (next: string) => {
    setLanguage(next);
    try {
      localStorage.setItem(KEY, next);
    } catch {
      // Not remembered; still used for this visit.
    }
  };
  return [language, choose];
}
