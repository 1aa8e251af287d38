// `shared-ui/runtime`: the session store, the HTTP client and the event bus, without any component (nor the query
// cache: the garage's details and UNITÉS are read through it, from `shared-ui`).
// The shell's login page imports this, so signing in does not download the design system.
export * from './connection';
export * from './event-bus';
export * from './http';
export * from './session-store';
