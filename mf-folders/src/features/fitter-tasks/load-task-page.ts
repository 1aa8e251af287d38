import { preloadSanitizer } from 'shared-ui';

/**
 * The one import of the task page: the route loads it, and the day's list fetches it ahead while there is network
 * (so it opens in a basement). Two import sites would make two chunks of it, and the one fetched ahead would not be
 * the one the route needs offline. The sanitiser comes with it: the task shows the appointment's comment.
 */
export const loadFitterTaskPage = () =>
  Promise.all([import('./components/FitterTaskPage'), preloadSanitizer()]).then(([page]) => page);
