// `shared-ui/runtime`: the session store, the HTTP client and the event bus, without any component.
// The shell's login page imports this, so signing in does not download the design system.
export * from './connection';
export * from './event-bus';
export * from './http';
export * from './refresh-balance';
export * from './session-store';
