/**
 * Message keys as types, from the English catalogue (type-only: importing this file costs the
 * browser bundle nothing).
 */
import type en from './catalogues/en.json';

/** Dotted paths to the leaves of a nested catalogue. */
export type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** Every message key. */
export type MessageKey = Leaves<typeof en>;

/** The keys the browser client has (CLIENT_SECTIONS in compile.ts). */
export type ClientMessageKey = Extract<MessageKey, `common.${string}` | `client.${string}` | `errors.${string}` | `learn.${string}`>;
