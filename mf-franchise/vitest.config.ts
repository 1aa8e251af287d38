import { frontTestConfig } from '../vitest.front';

export default frontTestConfig();
