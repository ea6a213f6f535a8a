import type { EventBodyStore } from '../../../shared/ports/event-bodies';

/** Kept bodies by key, exactly as put. */
export const fakeEventBodies = (): EventBodyStore & { bodies: Map<string, Uint8Array> } => {
  const bodies = new Map<string, Uint8Array>();
  return {
    bodies,
    put: async (key, bytes) => {
      bodies.set(key, new Uint8Array(bytes));
    },
    get: async (key) => bodies.get(key) ?? null,
    remove: async (key) => {
      bodies.delete(key);
    },
  };
};
