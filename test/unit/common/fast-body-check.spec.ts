import { describe, expect, it } from '@jest/globals';
import type { ArgumentMetadata } from '@nestjs/common';
import fc from 'fast-check';
import { AppError } from '../../../src/common/errors.js';
import { createValidationPipe, fastBodyCheckOf } from '../../../src/common/validation.js';
import { checkPlayMove, PlayMoveDto } from '../../../src/games/dto/game.dto.js';

const pipe = createValidationPipe();
const body: ArgumentMetadata = { type: 'body', metatype: PlayMoveDto, data: '' };

/** What class-validator alone makes of a body: the instance, or the error it answers. */
async function byReflection(value: unknown): Promise<{ ok: true; dto: unknown } | { ok: false; error: unknown }> {
  const check = fastBodyCheckOf(PlayMoveDto)!;
  // The pipe without the fast check: the full class-validator path the check stands in for.
  const { fastBodyCheck } = await import('../../../src/common/validation.js');
  fastBodyCheck(PlayMoveDto, () => null);
  try {
    return { ok: true, dto: await pipe.transform(value, body) };
  } catch (error) {
    return { ok: false, error };
  } finally {
    fastBodyCheck(PlayMoveDto, check);
  }
}

/** Bodies near the valid ones: the right keys with values of every kind, extra keys, wrong shapes. */
const near = fc.oneof(
  fc.record(
    {
      square: fc.oneof(fc.constantFrom('d3', 'H8', 'a1', 'i1', 'a9', 'd33', ' d3', 'd3\n', ''), fc.string({ maxLength: 3 }), fc.integer(), fc.constant(null)),
      ply: fc.oneof(fc.integer({ min: -2, max: 1002 }), fc.double(), fc.constantFrom('5', null, true, -0, 1e3, 1000.5, Number.MAX_SAFE_INTEGER)),
      lag: fc.oneof(fc.integer({ min: -2, max: 10_002 }), fc.constantFrom(null, undefined, '10', 1.5, false)),
      extra: fc.oneof(fc.string(), fc.integer()),
    },
    { requiredKeys: [] },
  ).map((r) => ({ ...r })), // a JSON body's prototype (fast-check's records have none)
  fc.constantFrom<unknown>(undefined, null, [], ['d3'], 'd3', 7, JSON.parse('{"square":"d3","ply":0,"__proto__":{}}'), JSON.parse('{"constructor":1}')),
);

describe('the move body checked by hand (checkPlayMove)', () => {
  it('accepts exactly the bodies the decorators accept, with the same instance', async () => {
    await fc.assert(
      fc.asyncProperty(near, async (value) => {
        const fast = checkPlayMove(value);
        const full = await byReflection(value);
        if (fast !== null) {
          // Never accepts what class-validator refuses; the same fields on the same class.
          expect(full.ok).toBe(true);
          expect(fast).toBeInstanceOf(PlayMoveDto);
          expect(full.ok && full.dto).toEqual(fast);
        } else if (full.ok) {
          // What it leaves to class-validator that class-validator accepts: bodies it is not meant to know.
          throw new Error(`a valid body the hand-written check did not accept: ${JSON.stringify(value)}`);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('answers a refused body exactly as class-validator does (it never answers one itself)', async () => {
    for (const value of [{ square: 'z9', ply: 0 }, { square: 'd3', ply: -1 }, { square: 'd3', ply: 0, lag: 20_000 }, { square: 'd3', ply: 0, extra: 1 }, []]) {
      const full = await byReflection(value);
      const withFast = await pipe.transform(value, body).then(
        () => null,
        (e: unknown) => e,
      );
      expect(full.ok).toBe(false);
      expect(withFast).toBeInstanceOf(AppError);
      expect(withFast).toEqual(full.ok ? null : full.error);
    }
  });

  it('is what the pipe uses for the move body', async () => {
    expect(fastBodyCheckOf(PlayMoveDto)).toBe(checkPlayMove);
    const dto = await pipe.transform({ square: 'd3', ply: 4, lag: 120 }, body);
    expect(dto).toBeInstanceOf(PlayMoveDto);
    expect(dto).toEqual(Object.assign(new PlayMoveDto(), { square: 'd3', ply: 4, lag: 120 }));
  });
});
