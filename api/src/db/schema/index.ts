export * from './auth';
export * from './billing';
export * from './catalog';
export * from './docs';
export * from './folders';
export * from './notifications';
export * from './sidexa';
export * from './tenancy';
