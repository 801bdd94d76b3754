import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { EVENTS_TS, eventTypes, OPENAPI_JSON, openapiText, SCHEMA_TS, schemaTypes } from '../../scripts/api-types.js';
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

  it('src/client/api/events.d.ts is the event map the server publishes (x-events), every payload a schema of the document', async () => {
    const doc = (await request(t.http).get('/docs-json').expect(200)).body;
    expect(Object.keys(doc['x-events']).sort()).toEqual(['game', 'player']);
    expect(Object.keys(doc['x-events'].game).sort()).toEqual(['end', 'move', 'seat']);
    for (const events of Object.values<Record<string, { $ref: string }>>(doc['x-events'])) {
      for (const { $ref } of Object.values(events)) expect(doc.components.schemas[$ref.replace('#/components/schemas/', '')]).toBeDefined();
    }
    // A move event carries the game after it (the state it announces).
    expect(doc.components.schemas.MoveEventDto.allOf ?? doc.components.schemas.MoveEventDto.properties).toBeDefined();
    expect(readFileSync(join(ROOT, EVENTS_TS), 'utf8')).toBe(eventTypes(doc));
  });

  it('/docs summarises every operation and describes every response; a move answers 201, or 200 for a safe retry', async () => {
    const doc = (await request(t.http).get('/docs-json').expect(200)).body;
    const missing: string[] = [];
    for (const [path, ops] of Object.entries<Record<string, any>>(doc.paths)) {
      for (const [method, op] of Object.entries<any>(ops)) {
        if (!op.summary) missing.push(`${method} ${path}: no summary`);
        for (const [status, res] of Object.entries<any>(op.responses)) {
          if (!res.description || /^\d{3}\b/.test(res.description)) missing.push(`${method} ${path} ${status}: ${res.description}`);
        }
      }
    }
    expect(missing).toEqual([]);
    const move = doc.paths['/api/games/{id}/moves'].post.responses;
    expect(Object.keys(move).sort()).toEqual(['200', '201', '400', '401', '403', '404', '409', '413', '415', '422', '503']);
    expect(move['409'].description).toContain('STALE_PLY');
    expect(doc.paths['/api/auth/login'].post.responses['401']).toBeDefined();
  });

  it('every error response of /api has the error shape (ErrorDto), and every /api route documents the 503 with Retry-After', async () => {
    const doc = (await request(t.http).get('/docs-json').expect(200)).body;
    const wrong: string[] = [];
    for (const [path, ops] of Object.entries<Record<string, any>>(doc.paths)) {
      if (!path.startsWith('/api/')) continue;
      for (const [method, op] of Object.entries<any>(ops)) {
        if (!op.responses['503']?.headers?.['Retry-After']) wrong.push(`${method} ${path}: no 503 with Retry-After`);
        for (const [status, res] of Object.entries<any>(op.responses)) {
          if (Number(status) >= 400 && res.content?.['application/json']?.schema?.$ref !== '#/components/schemas/ErrorDto') {
            wrong.push(`${method} ${path} ${status}: not the error shape`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(Object.keys(doc.components.schemas.ErrorDto.properties).sort()).toEqual(['code', 'details', 'message', 'statusCode']);
  });
});
