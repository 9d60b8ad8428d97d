import { useEffect, useState } from "react";

/** The current time (ms), refreshed every second while `isTicking` — for countdowns. */
export function useNow(isTicking: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!isTicking) return undefined;
    const timer = setInterval(() => {
      setNow(Date.now());
    }, 1000);
    return () => {
      clearInterval(timer);
    };
  }, [isTicking]);
  return now;
}
