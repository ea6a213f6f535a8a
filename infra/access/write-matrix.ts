import { readFileSync, writeFileSync } from 'node:fs';
import { declaredCalls } from './calls';
import { accessMatrix, withMatrix } from './matrix';

/** Rewrites the access matrix of docs/access.md from the rows. */
const page = new URL('../../docs/access.md', import.meta.url);
writeFileSync(page, withMatrix(readFileSync(page, 'utf8'), accessMatrix(declaredCalls())));
