// Writes the OpenAPI document the server serves at /api/openapi.json, for the linters (scripts/lint/openapi.sh).
import { writeFileSync } from 'node:fs';
import { openApiDocument } from '../../services/src/api/openapi.js';

writeFileSync(process.argv[2] ?? 'openapi.json', `${JSON.stringify(openApiDocument(), null, 2)}\n`);
