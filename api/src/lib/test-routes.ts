/** Test and dev helpers stay out of a normal start: only `ENABLE_TEST_ROUTES=1` registers them. */
export const testRoutesEnabled = (): boolean => process.env.ENABLE_TEST_ROUTES === '1';
