import { readFileSync, writeFileSync } from 'node:fs';
import { openApiDocument } from './document';

/** `npm run openapi`: writes the document that `GET /openapi.json` serves; a unit test keeps it current. */
export const documentFile = 'docs/openapi.json';

export const documentText = (): string => {
  const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
  return `${JSON.stringify(openApiDocument(version), null, 2)}\n`;
};

if (import.meta.main) {
  writeFileSync(documentFile, documentText());
  process.stdout.write(`wrote ${documentFile}\n`);
}
