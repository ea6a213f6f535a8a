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

/**
 * A schema (or anything built of schemas) built on its first use: a parse, a read of its shape. A
 * zod schema costs tens of microseconds to build, and a module that declares dozens (the items',
 * read by every function) cost each cold start milliseconds for schemas most functions never use.
 * zod's own transparent proxy: the built value answers every property, the proxy only defers it.
 */
export const onFirstUse = <T extends object>(build: () => T): T => z.util.createTransparentProxy(build);
