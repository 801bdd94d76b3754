import { Injectable, PipeTransform } from '@nestjs/common';
import { notFound } from './errors.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A route id that is not a uuid names nothing that exists: 404, never a database error. */
@Injectable()
export class UuidOr404Pipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (!UUID.test(value)) throw notFound('game', value.slice(0, 64));
    return value.toLowerCase();
  }
}
