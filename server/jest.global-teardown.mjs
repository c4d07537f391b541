export default async function globalTeardown() {
  await globalThis.__SHIKHON_TEST_POSTGRES__?.stop();
}
