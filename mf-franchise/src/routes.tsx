import { createPlaceholderRoutes } from 'shared-ui';

/** Pages of this remote; each shows "coming soon" until its feature issue lands. */
export default createPlaceholderRoutes('mf_franchise');
