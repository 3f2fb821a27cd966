import { useEffect, useState } from 'react';

/** The current time, renewed every `everyMs` (whether a reminder is due yet, which day is today). */
export function useNow(everyMs = 30_000) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
