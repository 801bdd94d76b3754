export default async function globalTeardown(): Promise<void> {
  await globalThis.__OUTFLANK_TEST_DB__?.stop();
}
