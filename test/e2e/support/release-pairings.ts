import { afterAll } from 'vitest';
import { releasePairings } from './pairing';

// Every e2e file gives back the proxy slots of the pairings it made (the tier's pool is a few slots).
afterAll(releasePairings, 60_000);
