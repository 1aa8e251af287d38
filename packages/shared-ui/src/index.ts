export * from './runtime/event-bus';
export * from './runtime/http';
export * from './runtime/session-store';
export * from './theme/app-providers';
export * from './theme/format';
export * from './theme/theme-store';
export * from './theme/tokens';
export * from './standalone/render-standalone';
