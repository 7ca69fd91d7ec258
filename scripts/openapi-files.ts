// The files generated from the route schemas: openapi.json and the client's types
// (src/client/openapi-types.ts, made from openapi.json by openapi-typescript).
import openapiTS, { astToString } from 'openapi-typescript';
import { generateOpenApiDocument, renderOpenApiDocument } from '../src/http/api/openapi-document.js';

export interface GeneratedFile {
  /** Path from the repository root. */
  readonly file: string;
  readonly content: string;
}

export async function generateOpenApiFiles(): Promise<GeneratedFile[]> {
  const document = await generateOpenApiDocument();
  const types = astToString(await openapiTS(structuredClone(document) as Parameters<typeof openapiTS>[0]));
  return [
    { file: 'openapi.json', content: renderOpenApiDocument(document) },
    {
      file: 'src/client/openapi-types.ts',
      content: `// GENERATED from openapi.json by \`npm run openapi:write\` (openapi-typescript): do not edit.\n${types}`,
    },
  ];
}
