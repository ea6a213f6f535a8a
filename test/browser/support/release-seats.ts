import { afterAll } from 'vitest';
import { releaseSeatsAddedHere } from '../../e2e/support/api';

// Every browser file gives back the proxy slots of the pairings its people made on their pages.
afterAll(releaseSeatsAddedHere, 60_000);
