import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { OPENAPI_JSON, openapiText, SCHEMA_TS, schemaTypes } from '../../scripts/api-types.js';
import { startTestApp, TestApp } from '../support/app.js';

const ROOT = join(__dirname, '..', '..');

/**
 * The browser client is typed from the committed OpenAPI document and its generated types. When
 * the server's schema changes, this fails until `npm run api:types` regenerates them (and the
 * client then compiles against the new shapes, or does not).
 */
describe('the generated API types are up to date', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('src/client/api/openapi.json and schema.d.ts match what /docs-json describes (regenerate: npm run api:types)', async () => {
    const doc = (await request(t.http).get('/docs-json').expect(200)).body;
    const committed = readFileSync(join(ROOT, OPENAPI_JSON), 'utf8');
    expect(committed).toBe(openapiText(doc));
    expect(readFileSync(join(ROOT, SCHEMA_TS), 'utf8')).toBe(schemaTypes(doc));
  });
});
