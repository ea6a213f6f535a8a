import en from 'zod/v4/locales/en.js';
import * as z from 'zod/mini';

/**
 * The service's one zod: `zod/mini` (the functional API: a third of the classic API's load time in a
 * cold start), set up before any schema parses. English messages, since the VALIDATION message lists
 * them; no generated parsers, since a Lambda process parses a handful of inputs before it is
 * recycled and compiling a parser costs more than it saves.
 */
z.config({ ...en(), jitless: true });

export * from 'zod/mini';
