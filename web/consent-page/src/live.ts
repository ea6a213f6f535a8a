import { useEffect, useState } from 'preact/hooks';
import type { LiveEvent } from './api';

const parsed = (data: unknown): LiveEvent | null => {
  try {
    const event = JSON.parse(String(data)) as Partial<LiveEvent>;
    return typeof event.type === 'string' ? { type: event.type, payload: event.payload ?? {} } : null;
  } catch {
    return null;
  }
};

/** How long to wait before opening again a stream the server closed (the browser retries the rest). */
const reopenAfterMs = 3_000;

/**
 * The person's live stream: `onChange` runs for every event (given) and on every (re)opening (null),
 * so the page re-reads what changed, including what happened while it was disconnected. Returns
 * whether it is live.
 */
export const useLiveStream = (url: string, onChange: (event: LiveEvent | null) => void): boolean => {
  const [live, setLive] = useState(false);
  useEffect(() => {
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const open = () => {
      source = new EventSource(url);
      source.addEventListener('open', () => {
        setLive(true);
        onChange(null);
      });
      source.addEventListener('event', (message) => onChange(parsed(message.data)));
      source.addEventListener('error', () => {
        setLive(false);
        if (source?.readyState === EventSource.CLOSED) timer = setTimeout(open, reopenAfterMs);
      });
    };
    open();
    return () => {
      clearTimeout(timer);
      source?.close();
    };
  }, [url]);
  return live;
};

/** Seconds left until `iso`, ticking every second (null without a deadline). */
export const useSecondsLeft = (iso: string | null): number | null => {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (iso === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [iso]);
  return iso === null ? null : Math.max(0, Math.round((Date.parse(iso) - now) / 1_000));
};

/** Whole seconds since `startedAt` (ms), ticking every second (null when not started). */
export const useSecondsSince = (startedAt: number | null): number | null => {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (startedAt === null) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [startedAt]);
  return startedAt === null ? null : Math.max(0, Math.floor((now - startedAt) / 1_000));
};
